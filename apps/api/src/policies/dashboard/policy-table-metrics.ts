import type { PolicyTable } from '../policy-product';
import { policyStatusName } from '../policy-status';
import type { DashboardMetricProvider, MetricContribution, MetricWindow } from './dashboard-metrics';
import type { DashboardMetricsRepository } from './dashboard-metrics.repository';

/**
 * A family's policies on the dashboard, the same way for every family: how many by status, and how many
 * were issued (paid) each day. Money is not counted here: premium comes from what customers paid, in
 * the payments module. Table and column names are the family's own constants, never input.
 */
export class PolicyTableMetrics implements DashboardMetricProvider {
  readonly source: string;

  constructor(
    private readonly figures: DashboardMetricsRepository,
    private readonly spec: PolicyTable,
  ) {
    this.source = spec.source;
  }

  async collect(window: MetricWindow): Promise<MetricContribution> {
    const [byStatus, issued] = await Promise.all([
      this.figures.policiesByStatus(this.spec),
      this.figures.policiesIssuedPerDay(this.spec, window.from, window.to),
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
