import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { amountString, Clock, money } from '@lib/common';
import { Database, DATABASE } from '@lib/db';
import { OPEN_PAYMENT_STATUSES } from '../../payments/payment.repository';
import { DashboardMetricProvider, DashboardMetrics, MetricContribution, MetricWindow } from './dashboard-metrics';

/**
 * Premium on the dashboard is money customers paid (payments paid, whatever became of them later) less
 * what is refunded or owed back (refunds not failed), for every family alike; an unpaid policy counts
 * nothing. Also the payment links still open.
 */
@Injectable()
export class PaymentMetricsProvider implements DashboardMetricProvider, OnModuleInit {
  readonly source = 'payments';

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly metrics: DashboardMetrics,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.metrics.register(this);
  }

  async collect(window: MetricWindow): Promise<MetricContribution> {
    const range = [window.from.toISOString(), window.to.toISOString()];
    const [[totals], paidPerDay, refundedPerDay] = await Promise.all([
      this.db.sql.query<{ paid: string | null; refunded: string | null; open: string }>(
        `SELECT (SELECT sum(amount)::text FROM payments WHERE paid_at IS NOT NULL) AS paid,
                (SELECT sum(amount)::text FROM refunds WHERE status <> 'failed') AS refunded,
                (SELECT count(*)::text FROM payments WHERE status = ANY($1::text[]) AND expires_at > $2::timestamptz) AS open`,
        // what the payments list's open filter shows (the list first marks lapsed links expired), so the card and the list it opens agree
        [[...OPEN_PAYMENT_STATUSES], this.clock.now().toISOString()],
      ),
      this.db.sql.query<{ day: string; total: string }>(
        `SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(amount)::text AS total FROM payments
          WHERE paid_at >= $1::timestamptz AND paid_at < $2::timestamptz GROUP BY 1`,
        range,
      ),
      this.db.sql.query<{ day: string; total: string }>(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(amount)::text AS total FROM refunds
          WHERE status <> 'failed' AND created_at >= $1::timestamptz AND created_at < $2::timestamptz GROUP BY 1`,
        range,
      ),
    ]);
    const perDay = new Map<string, ReturnType<typeof money>>();
    for (const r of paidPerDay) perDay.set(r.day, money(r.total));
    for (const r of refundedPerDay) perDay.set(r.day, (perDay.get(r.day) ?? money(0)).minus(r.total));
    return {
      counters: { payments_pending: Number(totals.open) },
      premiumVolume: amountString(money(totals.paid ?? 0).minus(totals.refunded ?? 0)),
      series: { premium_volume: Object.fromEntries([...perDay].map(([day, v]) => [day, amountString(v)])) },
    };
  }
}
