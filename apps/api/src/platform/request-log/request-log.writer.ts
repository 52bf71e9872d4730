import { AsyncResource } from 'node:async_hooks';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Counter } from 'prom-client';
import { maskPii, SECRET_KEYS } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { HttpMetrics } from '@lib/http';
import { requestLogId } from './request-log-id';
import { dayOf, RequestLogRepository, RequestLogRow } from './request-log.repository';

/** A finished partner call as the response hook hands it over: cheap to make, nothing parsed or masked yet. */
export interface RequestLogEntry {
  at: Date;
  clientId: string;
  method: string;
  route: string;
  /** The path without its query string. */
  path: string;
  status: number;
  latencyMs: number;
  requestId: string;
  idempotencyKey: string | null;
  /** The body the partner sent, as parsed (JSON or a form); undefined for anything else. */
  requestBody: unknown;
  /** The answer's text when it was JSON, else null. */
  answerText: string | null;
}

/** How much of a body is kept; beyond it the text is cut and kept as `{ "truncated": text }`. */
const MAX_BODY_CHARS = 8192;

/**
 * Writes the request log off the request path: `record` only appends to an in-memory buffer; every `flushMs`, or as
 * soon as `batchSize` rows wait, the buffer is written in batches, one INSERT each. The buffer holds at most
 * `bufferMax` rows: past that a call is dropped and counted (`request_log_dropped_total{reason="buffer_full"}`), so a
 * slow or absent database costs memory up to that bound and never the partner's latency. A batch that fails to write
 * is dropped and counted (`reason="write_failed"`). A crash loses what is still buffered, about the last `flushMs`.
 */
@Injectable()
export class RequestLogWriter implements OnApplicationBootstrap, OnApplicationShutdown {
  private buffer: RequestLogEntry[] = [];
  private flushing?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  /** Days whose partition this process has created or seen (the writer creates a missing one before writing). */
  private readonly days = new Set<number>();
  private readonly dropped: Counter<'reason'>;
  private readonly written: Counter;
  private readonly logger = new Logger(RequestLogWriter.name);

  constructor(
    private readonly repository: RequestLogRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    metrics: HttpMetrics,
  ) {
    this.dropped = new Counter({
      name: 'request_log_dropped_total',
      help: 'Partner calls left out of the request log: buffer_full (the in-memory buffer was full), write_failed (their batch failed to write).',
      labelNames: ['reason'] as const,
      registers: [metrics.registry],
    });
    this.written = new Counter({ name: 'request_log_written_total', help: 'Partner calls written to the request log.', registers: [metrics.registry] });
  }

  get enabled(): boolean {
    return this.config.requestLog.enabled;
  }

  /**
   * Starts a flush in the context the writer was started in, not in the request whose call filled a batch: a flush
   * must not run inside that request's AsyncLocalStorage stores (test clock frame, statement tallies).
   */
  private kick: () => void = () => void this.flush();

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    this.kick = AsyncResource.bind(() => void this.flush());
    this.timer = setInterval(() => void this.flush(), this.config.requestLog.flushMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /** Called for every finished partner call; never waits, never throws. */
  record(entry: RequestLogEntry): void {
    if (!this.enabled || this.stopped) return;
    if (this.buffer.length >= this.config.requestLog.bufferMax) {
      this.dropped.inc({ reason: 'buffer_full' });
      return;
    }
    this.buffer.push(entry);
    if (this.buffer.length === this.config.requestLog.batchSize) this.kick();
  }

  /** Writes everything buffered so far (joins a flush in progress, then writes what came meanwhile). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (!this.buffer.length) return;
    this.flushing = this.drain().finally(() => (this.flushing = undefined));
    await this.flushing;
  }

  private async drain(): Promise<void> {
    while (this.buffer.length) {
      const batch = this.buffer.splice(0, this.config.requestLog.batchSize);
      try {
        const rows = batch.map((e) => toRow(e, this.config.requestLog.bodies));
        const missing = [...new Set(rows.map((r) => dayOf(r.createdAt).getTime()))].filter((d) => !this.days.has(d));
        if (missing.length) {
          await this.repository.ensurePartitions(missing.map((d) => new Date(d)));
          missing.forEach((d) => this.days.add(d));
        }
        await this.repository.insertMany(rows);
        this.written.inc(rows.length);
      } catch (e) {
        // a partition dropped meanwhile (retention) is created again next time
        this.days.clear();
        this.dropped.inc({ reason: 'write_failed' }, batch.length);
        this.logger.warn(`${batch.length} request log row(s) lost: ${(e as Error).message}`);
      }
    }
  }
}

/**
 * The row to store: a time-ordered id, the path, the error answer and (with `bodies`) the request and a successful
 * answer, personal data masked as in the logs.
 */
function toRow(e: RequestLogEntry, bodies: boolean): RequestLogRow {
  const failed = e.status >= 400;
  return {
    id: requestLogId(e.at),
    createdAt: e.at,
    clientId: e.clientId,
    method: e.method,
    route: e.route,
    path: maskPii(e.path),
    status: e.status,
    latencyMs: e.latencyMs,
    requestId: e.requestId,
    idempotencyKey: e.idempotencyKey,
    errorBody: failed ? bodyOfText(e.answerText ?? '') : null,
    requestBody: bodies && e.requestBody !== undefined && e.requestBody !== null ? bodyOfValue(e.requestBody) : null,
    responseBody: bodies && !failed && e.answerText !== null ? bodyOfText(e.answerText) : null,
  };
}

/** Masked first (a secret's value is replaced by its key, which a cut text could lose), then cut if too long. */
function bodyOfValue(value: unknown): Record<string, unknown> {
  const masked = maskValue(value);
  const text = JSON.stringify(masked) ?? 'null';
  return text.length > MAX_BODY_CHARS ? { truncated: text.slice(0, MAX_BODY_CHARS) } : asObject(masked);
}

function bodyOfText(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text.length > MAX_BODY_CHARS ? { truncated: maskPii(text.slice(0, MAX_BODY_CHARS)) } : { body: maskPii(text) };
  }
  return bodyOfValue(parsed);
}

function asObject(masked: unknown): Record<string, unknown> {
  return masked !== null && typeof masked === 'object' && !Array.isArray(masked) ? (masked as Record<string, unknown>) : { body: masked };
}

const SECRET = new RegExp(`^(${[...SECRET_KEYS, 'secret', 'token', 'access_token', 'refresh_token'].join('|')})$`, 'i');

/**
 * Every string of a JSON value masked as log lines are (maskPii); the value of a secret's key replaced whole. Objects
 * are copied key by key (every kept answer goes through here: entries/fromEntries made it 1.5x slower on list pages).
 */
function maskValue(v: unknown): unknown {
  if (typeof v === 'string') return maskPii(v);
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(maskValue);
  const masked: Record<string, unknown> = {};
  for (const key of Object.keys(v)) {
    const value = SECRET.test(key) ? '***' : maskValue((v as Record<string, unknown>)[key]);
    // a sent `__proto__` key is kept as the key it was, not assigned as the copy's prototype
    if (key === '__proto__') Object.defineProperty(masked, key, { value, enumerable: true, writable: true, configurable: true });
    else masked[key] = value;
  }
  return masked;
}
