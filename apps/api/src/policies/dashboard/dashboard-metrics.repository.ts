import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@lib/db';
import type { PolicyTable } from '../policy-product';

/**
 * The dashboard's sums and counts over payments, refunds and every family's policy table: plain SQL, for the
 * per-day grouping Prisma cannot say. Table and column names are the families' own constants, never input.
 */
@Injectable()
export class DashboardMetricsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Money paid (ever), refunded or owed back (refunds not failed), and the payment links of `openStatuses` open at `now`. */
  async paymentTotals(openStatuses: readonly string[], now: Date): Promise<{ paid: string | null; refunded: string | null; open: string }> {
    const [totals] = await this.db.sql.query<{ paid: string | null; refunded: string | null; open: string }>(
      `SELECT (SELECT sum(amount)::text FROM payments WHERE paid_at IS NOT NULL) AS paid,
              (SELECT sum(amount)::text FROM refunds WHERE status <> 'failed') AS refunded,
              (SELECT count(*)::text FROM payments WHERE status = ANY($1::text[]) AND expires_at > $2::timestamptz) AS open`,
      [[...openStatuses], now.toISOString()],
    );
    return totals;
  }

  /** Money paid per day (`YYYY-MM-DD`, UTC) in [from, to). */
  paidPerDay(from: Date, to: Date): Promise<Array<{ day: string; total: string }>> {
    return this.db.sql.query<{ day: string; total: string }>(
      `SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(amount)::text AS total FROM payments
        WHERE paid_at >= $1::timestamptz AND paid_at < $2::timestamptz GROUP BY 1`,
      [from.toISOString(), to.toISOString()],
    );
  }

  /** Money refunded or owed back (refunds not failed) per day of the refund in [from, to). */
  refundedPerDay(from: Date, to: Date): Promise<Array<{ day: string; total: string }>> {
    return this.db.sql.query<{ day: string; total: string }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(amount)::text AS total FROM refunds
        WHERE status <> 'failed' AND created_at >= $1::timestamptz AND created_at < $2::timestamptz GROUP BY 1`,
      [from.toISOString(), to.toISOString()],
    );
  }

  /** A family's policies counted by status (leaving out what its table spec excludes). */
  policiesByStatus({ table, excluded }: PolicyTable): Promise<Array<{ status: number; n: string }>> {
    return this.db.sql.query<{ status: number; n: string }>(`SELECT status, count(*)::text AS n FROM ${table} WHERE ${kept(excluded)} GROUP BY status`);
  }

  /** A family's policies issued per day in [from, to). */
  policiesIssuedPerDay({ table, issuedColumn, excluded }: PolicyTable, from: Date, to: Date): Promise<Array<{ day: string; n: string }>> {
    return this.db.sql.query<{ day: string; n: string }>(
      `SELECT to_char(${issuedColumn} AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::text AS n FROM ${table}
        WHERE ${kept(excluded)} AND ${issuedColumn} >= $1::timestamptz AND ${issuedColumn} < $2::timestamptz GROUP BY 1`,
      [from.toISOString(), to.toISOString()],
    );
  }
}

function kept(excluded: string | undefined): string {
  return excluded ? `NOT (${excluded})` : 'true';
}
