import { Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { Clock } from '@lib/common';
import { DASHBOARD_COUNTERS, DASHBOARD_SERIES, DashboardMetrics, MetricWindow } from './dashboard-metrics';
import type { AdminDashboardOut } from './dashboard.response';

const DAY_MS = 86_400_000;
const MONEY_SERIES = new Set<string>(['premium_volume']);

/** The dashboard's answer (its shape: dashboard.response.ts). */
export type Dashboard = AdminDashboardOut;

@Injectable()
export class DashboardService {
  constructor(
    private readonly metrics: DashboardMetrics,
    private readonly clock: Clock,
  ) {}

  async build(days: number, role: string): Promise<Dashboard> {
    const now = this.clock.now();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const from = new Date(today - (days - 1) * DAY_MS);
    const window: MetricWindow = {
      from,
      to: new Date(today + DAY_MS),
      days: Array.from({ length: days }, (_, i) => new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10)),
    };
    const providers = this.metrics.all();
    const worklists = this.metrics.worklistsFor(role);
    const [parts, lists] = await Promise.all([Promise.all(providers.map((p) => p.collect(window))), Promise.all(worklists.map((w) => w.collect()))]);

    const counters = Object.fromEntries(DASHBOARD_COUNTERS.map((k) => [k, 0])) as Record<string, number>;
    let premium = new Decimal(0);
    const byStatus: Record<string, number> = {};
    const series = Object.fromEntries(DASHBOARD_SERIES.map((k) => [k, new Map(window.days.map((d) => [d, new Decimal(0)]))]));
    for (const part of parts) {
      for (const [k, v] of Object.entries(part.counters ?? {})) counters[k] = (counters[k] ?? 0) + (v ?? 0);
      if (part.premiumVolume) premium = premium.plus(part.premiumVolume);
      for (const [status, n] of Object.entries(part.policiesByStatus ?? {})) byStatus[status] = (byStatus[status] ?? 0) + n;
      for (const [name, points] of Object.entries(part.series ?? {})) {
        const target = (series[name] ??= new Map(window.days.map((d) => [d, new Decimal(0)])));
        for (const [day, v] of Object.entries(points ?? {})) if (target.has(day)) target.set(day, target.get(day)!.plus(v));
      }
    }
    return {
      generated_at: now.toISOString(),
      days,
      counters: counters as Dashboard['counters'],
      premium_volume: premium.toFixed(2),
      policies_by_status: byStatus,
      series: Object.fromEntries(
        Object.entries(series).map(([name, points]) => [
          name,
          [...points].map(([date, v]) => ({ date, value: MONEY_SERIES.has(name) ? v.toFixed(2) : v.toNumber() })),
        ]),
      ) as Dashboard['series'],
      sources: providers.map((p) => p.source),
      worklists: Object.fromEntries(worklists.map((w, i) => [w.source, lists[i]])),
    };
  }
}
