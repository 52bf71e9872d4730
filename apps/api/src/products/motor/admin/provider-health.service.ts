import { Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { Clock, formatDateTime } from '@lib/common';
import { InsurerDirectory } from './insurer-directory';
import { ProviderHealthRow, QuoteRequestAdminRepository } from './quote-request-admin.repository';
import type { AdminProviderHealthOut } from './provider-health.response';

const DAY_MS = 86_400_000;

/** (ok + declined) / requests, four digits, computed in decimals so "0.6667" never reads 0.66669999. */
export function answerRate(r: Pick<ProviderHealthRow, 'requests' | 'ok' | 'declined'>): string | null {
  return r.requests ? new Decimal(r.ok + r.declined).div(r.requests).toFixed(4, Decimal.ROUND_HALF_UP) : null;
}

@Injectable()
export class ProviderHealthService {
  constructor(
    private readonly repo: QuoteRequestAdminRepository,
    private readonly directory: InsurerDirectory,
    private readonly clock: Clock,
  ) {}

  /** The last `days` UTC days, today included, like the dashboard's window. */
  async report(days: number): Promise<AdminProviderHealthOut> {
    const now = this.clock.now();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const from = new Date(today - (days - 1) * DAY_MS);
    const to = new Date(today + DAY_MS);
    const [rows, names] = await Promise.all([this.repo.providerHealth(from, to), this.directory.names()]);
    const byCode = new Map(rows.map((r) => [r.insurer_code, r]));
    const codes = [...new Set([...names.keys(), ...byCode.keys()])].sort();
    return {
      days,
      from: formatDateTime(from),
      to: formatDateTime(to),
      insurers: codes.map((code) => {
        const r = byCode.get(code);
        return {
          insurer_code: code,
          name: names.get(code)?.en ?? code,
          name_ar: names.get(code)?.ar ?? code,
          requests: r?.requests ?? 0,
          ok: r?.ok ?? 0,
          declined: r?.declined ?? 0,
          timeout: r?.timeout ?? 0,
          error: r?.error ?? 0,
          answer_rate: r ? answerRate(r) : null,
          latency_p50_ms: r?.latency_p50_ms ?? null,
          latency_p95_ms: r?.latency_p95_ms ?? null,
        };
      }),
    };
  }
}
