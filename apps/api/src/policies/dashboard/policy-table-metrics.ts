import type { Database } from '@lib/db';
import type { PolicyTable } from '../policy-product';
import { policyStatusName } from '../policy-status';
import type { DashboardMetricProvider, MetricContribution, MetricWindow } from './dashboard-metrics';

/**
 * A family's policies on the dashboard, the same way for every family: how many by status, and how many
 * were issued (paid) each day. Money is not counted here: premium comes from what customers paid, in
 * the payments module. Table and column names are the family's own constants, never input.
 */
export class PolicyTableMetrics implements DashboardMetricProvider {
  readonly source: string;

  constructor(
    private readonly db: Database,
    private readonly spec: PolicyTable,
  ) {
    this.source = spec.source;
  }

  async collect(window: MetricWindow): Promise<MetricContribution> {
    const { table, issuedColumn, excluded } = this.spec;
    const kept = excluded ? `NOT (${excluded})` : 'true';
    const [byStatus, issued] = await Promise.all([
      this.db.sql.query<{ status: number; n: string }>(`SELECT status, count(*)::text AS n FROM ${table} WHERE ${kept} GROUP BY status`),
      this.db.sql.query<{ day: string; n: string }>(
        `SELECT to_char(${issuedColumn} AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::text AS n FROM ${table}
          WHERE ${kept} AND ${issuedColumn} >= $1::timestamptz AND ${issuedColumn} < $2::timestamptz GROUP BY 1`,
        [window.from.toISOString(), window.to.toISOString()],
      ),
    ]);
    const policiesByStatus: Record<string, number> = {};
    for (const s of byStatus) {
      const name = policyStatusName(s.status);
      policiesByStatus[name] = (policiesByStatus[name] ?? 0) + Number(s.n);
    }
    return {
      counters: { policies_total: Object.values(policiesByStatus).reduce((a, b) => a + b, 0) },
      policiesByStatus,
      series: { policies_issued: Object.fromEntries(issued.map((r) => [r.day, Number(r.n)])) },
    };
  }
}
