import { Injectable, OnModuleInit } from '@nestjs/common';
import { amountString, Clock, money } from '@lib/common';
import { OPEN_PAYMENT_STATUSES } from '../../payments/payment.repository';
import { DashboardMetricProvider, DashboardMetrics, MetricContribution, MetricWindow } from './dashboard-metrics';
import { DashboardMetricsRepository } from './dashboard-metrics.repository';

/**
 * Premium on the dashboard is money customers paid (payments paid, whatever became of them later) less
 * what is refunded or owed back (refunds not failed), for every family alike; an unpaid policy counts
 * nothing. Also the payment links still open.
 */
@Injectable()
export class PaymentMetricsProvider implements DashboardMetricProvider, OnModuleInit {
  readonly source = 'payments';

  constructor(
    private readonly figures: DashboardMetricsRepository,
    private readonly metrics: DashboardMetrics,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.metrics.register(this);
  }

  async collect(window: MetricWindow): Promise<MetricContribution> {
    const [totals, paidPerDay, refundedPerDay] = await Promise.all([
      // what the payments list's open filter shows (links still open at this instant), so the card and the list it opens agree
      this.figures.paymentTotals(OPEN_PAYMENT_STATUSES, this.clock.now()),
      this.figures.paidPerDay(window.from, window.to),
      this.figures.refundedPerDay(window.from, window.to),
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
