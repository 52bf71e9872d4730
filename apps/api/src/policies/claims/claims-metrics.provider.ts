import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Database, DATABASE } from '@lib/db';
import { UNDECIDED_CLAIM_STATUSES } from './claim-status';
import { DashboardMetricProvider, DashboardMetrics, MetricContribution, MetricWindow } from '../dashboard/dashboard-metrics';

/** Claims on the dashboard: still to decide (submitted or under review), of those nobody has taken, and opened per day. */
@Injectable()
export class ClaimsMetricsProvider implements DashboardMetricProvider, OnModuleInit {
  readonly source = 'claims';

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly metrics: DashboardMetrics,
  ) {}

  onModuleInit(): void {
    this.metrics.register(this);
  }

  async collect(window: MetricWindow): Promise<MetricContribution> {
    const [[open], opened] = await Promise.all([
      this.db.sql.query<{ open: string; unassigned: string }>(
        `SELECT count(*)::text AS open, count(*) FILTER (WHERE assignee_staff_id IS NULL)::text AS unassigned FROM claims WHERE status = ANY($1::text[])`,
        // the same statuses as the list's undecided and unassigned filters, so the card, the queue and the list agree
        [[...UNDECIDED_CLAIM_STATUSES]],
      ),
      this.db.sql.query<{ day: string; n: string }>(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::text AS n FROM claims
          WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz GROUP BY 1`,
        [window.from.toISOString(), window.to.toISOString()],
      ),
    ]);
    return {
      counters: { claims_open: Number(open.open), claims_unassigned: Number(open.unassigned) },
      series: { claims_opened: Object.fromEntries(opened.map((r) => [r.day, Number(r.n)])) },
    };
  }
}
