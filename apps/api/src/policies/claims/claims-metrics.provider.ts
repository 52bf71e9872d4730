import { Injectable, OnModuleInit } from '@nestjs/common';
import { ClaimRepository } from './claim.repository';
import { DashboardMetricProvider, DashboardMetrics, MetricContribution, MetricWindow } from '../dashboard/dashboard-metrics';

/** Claims on the dashboard: still to decide (submitted or under review), of those nobody has taken, and opened per day. */
@Injectable()
export class ClaimsMetricsProvider implements DashboardMetricProvider, OnModuleInit {
  readonly source = 'claims';

  constructor(
    private readonly claims: ClaimRepository,
    private readonly metrics: DashboardMetrics,
  ) {}

  onModuleInit(): void {
    this.metrics.register(this);
  }

  async collect(window: MetricWindow): Promise<MetricContribution> {
    const [open, opened] = await Promise.all([this.claims.undecidedCounts(), this.claims.openedPerDay(window.from, window.to)]);
    return {
      counters: { claims_open: Number(open.open), claims_unassigned: Number(open.unassigned) },
      series: { claims_opened: Object.fromEntries(opened.map((r) => [r.day, Number(r.n)])) },
    };
  }
}
