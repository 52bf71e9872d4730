import { Inject, Injectable } from '@nestjs/common';
import { ASYNC_COMMIT, Database, DATABASE, listTotal } from '@lib/db';

const DAY_MS = 86_400_000;
const PARTITION = /^partner_request_log_p(\d{4})(\d{2})(\d{2})$/;

/** One partner API call as the log keeps it. */
export interface RequestLogRow {
  id: string;
  createdAt: Date;
  clientId: string;
  method: string;
  route: string;
  path: string;
  status: number;
  latencyMs: number;
  requestId: string;
  idempotencyKey: string | null;
  /** The JSON error answer of a 4xx/5xx with personal data masked; null for a success. */
  errorBody: Record<string, unknown> | null;
  /** What the partner sent (JSON or a form), masked; null when bodies are not kept or nothing was sent. */
  requestBody: Record<string, unknown> | null;
  /** A successful JSON answer, masked; null for a failure (see errorBody) or when bodies are not kept. */
  responseBody: Record<string, unknown> | null;
}

/** A row as lists show it: the bodies are read one row at a time. */
export type RequestLogListRow = Omit<RequestLogRow, 'requestBody' | 'responseBody'>;

export interface RequestLogFilter {
  requestId?: string;
  /** An exact status, or a class: 4 for 4xx, 5 for 5xx. */
  status?: number;
  statusClass?: 4 | 5;
  /** A route template, or its beginning (`/api/v1/motor` finds every motor route). */
  route?: string;
  from?: Date;
  to?: Date;
}

/** The UTC day (midnight) a moment falls in. */
export function dayOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

function partitionName(day: Date): string {
  return `partner_request_log_p${day.toISOString().slice(0, 10).replaceAll('-', '')}`;
}

const COLUMNS = `id, created_at AS "createdAt", client_id AS "clientId", method, route, path, status, latency_ms AS "latencyMs",
                 request_id AS "requestId", idempotency_key AS "idempotencyKey", error_body AS "errorBody"`;
const BODIES = `request_body AS "requestBody", response_body AS "responseBody"`;

/**
 * Every query on the request log: a table partitioned by UTC day (see the migration) and its day partitions, in plain
 * SQL because Prisma knows nothing of partitions. Rows are written in batches, one INSERT per batch.
 */
@Injectable()
export class RequestLogRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Writes the rows in one statement (one JSON parameter spread by json_to_recordset, whatever their number) whose
   * commit does not wait for the disk: a crash may lose the last rows, as it may lose those still in the buffer.
   */
  async insertMany(rows: readonly RequestLogRow[]): Promise<void> {
    if (!rows.length) return;
    await this.db.sql.query(
      `INSERT INTO partner_request_log (id, created_at, client_id, method, route, path, status, latency_ms, request_id, idempotency_key, error_body, request_body, response_body)
       SELECT r."id", r."createdAt", r."clientId", r."method", r."route", r."path", r."status", r."latencyMs", r."requestId", r."idempotencyKey", r."errorBody",
              r."requestBody", r."responseBody"
         FROM (SELECT ${ASYNC_COMMIT}) AS async_commit, json_to_recordset($1::json) AS r("id" uuid, "createdAt" timestamptz, "clientId" uuid, "method" text, "route" text, "path" text,
              "status" smallint, "latencyMs" integer, "requestId" text, "idempotencyKey" text, "errorBody" jsonb,
              "requestBody" jsonb, "responseBody" jsonb)`,
      [JSON.stringify(rows)],
      'request_log_insert',
    );
  }

  /** Creates the partition of each day given, when missing (two instances doing it at once both succeed). */
  async ensurePartitions(days: readonly Date[]): Promise<void> {
    for (const day of days) {
      const next = new Date(day.getTime() + DAY_MS);
      try {
        await this.db.sql.exec(
          `CREATE TABLE IF NOT EXISTS "${partitionName(day)}" PARTITION OF partner_request_log FOR VALUES FROM ('${day.toISOString()}') TO ('${next.toISOString()}')`,
        );
      } catch (e) {
        // 42P07 (or 23505 on the catalogue): created by another instance between our IF NOT EXISTS check and the creation
        if (!['42P07', '23505'].includes(String((e as { code?: string }).code))) throw e;
      }
    }
  }

  /** The days that have a partition, oldest first. */
  async partitionDays(): Promise<Date[]> {
    const rows = await this.db.sql.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'partner_request_log'::regclass`,
    );
    return rows
      .map((r) => PARTITION.exec(r.name))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`))
      .sort((a, b) => a.getTime() - b.getTime());
  }

  /** Drops a day's partition and its rows at once (no DELETE, nothing left to vacuum). */
  async dropPartition(day: Date): Promise<void> {
    await this.db.sql.exec(`DROP TABLE IF EXISTS "${partitionName(day)}"`);
  }

  async list(clientId: string, filter: RequestLogFilter, page: { offset: number; limit: number }): Promise<{ rows: RequestLogListRow[]; total: number }> {
    const { where, params } = whereOf(clientId, filter);
    const rows = await this.db.sql.query<RequestLogListRow>(
      `SELECT ${COLUMNS} FROM partner_request_log WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
      params,
    );
    const total = await listTotal(`partner_request_log:${JSON.stringify(params)}`, async (take) => {
      const inner = `SELECT 1 FROM partner_request_log WHERE ${where}${take ? ` ORDER BY created_at DESC LIMIT ${take}` : ''}`;
      const [row] = await this.db.sql.query<{ n: string | number }>(`SELECT count(*) AS n FROM (${inner}) t`, params);
      return Number(row.n);
    });
    return { rows, total };
  }

  /** One row of the client; `createdAt` (from the id) confines the search to one partition's primary key. */
  async find(clientId: string, id: string, createdAt: Date): Promise<RequestLogRow | null> {
    const rows = await this.db.sql.query<RequestLogRow>(
      `SELECT ${COLUMNS}, ${BODIES} FROM partner_request_log WHERE created_at = $1::timestamptz AND id = $2::uuid AND client_id = $3::uuid`,
      [createdAt.toISOString(), id, clientId],
    );
    return rows[0] ?? null;
  }
}

function whereOf(clientId: string, f: RequestLogFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [clientId];
  const $ = (v: unknown) => `$${params.push(v)}`;
  const parts = ['client_id = $1::uuid'];
  if (f.requestId !== undefined) parts.push(`request_id = ${$(f.requestId)}`);
  if (f.status !== undefined) parts.push(`status = ${$(f.status)}::smallint`);
  if (f.statusClass !== undefined) parts.push(`status BETWEEN ${$(f.statusClass * 100)}::smallint AND ${$(f.statusClass * 100 + 99)}::smallint`);
  if (f.route !== undefined) parts.push(`starts_with(route, ${$(f.route)})`);
  if (f.from !== undefined) parts.push(`created_at >= ${$(f.from.toISOString())}::timestamptz`);
  if (f.to !== undefined) parts.push(`created_at < ${$(f.to.toISOString())}::timestamptz`);
  return { where: parts.join(' AND '), params };
}
