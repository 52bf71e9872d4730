import { Injectable, OnModuleInit } from '@nestjs/common';
import { amountString, formatDate, money } from '@lib/common';
import { PrismaService } from '@lib/db';
import { DashboardMetricProvider, DashboardMetrics, MetricContribution, MetricWindow } from '../../admin/dashboard/dashboard-metrics';

const STATUS_NAMES: Record<number, string> = { 0: 'pending', 1: 'active', 2: 'cancelled' };

/** Travel on the dashboard: policies by status, pending payments, and premium paid (less refunds), by purchase day. */
@Injectable()
export class TravelMetricsProvider implements DashboardMetricProvider, OnModuleInit {
  readonly source = 'travel';

  constructor(
    private readonly prisma: PrismaService,
    private readonly metrics: DashboardMetrics,
  ) {}

  onModuleInit(): void {
    this.metrics.register(this);
  }

  async collect(window: MetricWindow): Promise<MetricContribution> {
    const paid = { purchasedAt: { not: null } };
    const [byStatus, paidSum, pendingPayments, recent] = await Promise.all([
      this.prisma.travelPolicy.groupBy({ by: ['status'], _count: { _all: true } }),
      this.prisma.travelPolicy.aggregate({ where: paid, _sum: { price: true, refundAmount: true } }),
      this.prisma.payment.count({ where: { policyType: 'travel', status: 'pending' } }),
      this.prisma.travelPolicy.findMany({ where: { purchasedAt: { gte: window.from, lt: window.to } }, select: { purchasedAt: true, price: true } }),
    ]);
    const perDay: Record<string, number> = {};
    const premiumPerDay: Record<string, string> = {};
    for (const p of recent) {
      const day = formatDate(p.purchasedAt!);
      perDay[day] = (perDay[day] ?? 0) + 1;
      premiumPerDay[day] = amountString(money(premiumPerDay[day] ?? 0).plus(p.price.toString()));
    }
    return {
      counters: { policies_total: byStatus.reduce((n, s) => n + s._count._all, 0), payments_pending: pendingPayments },
      premiumVolume: amountString(money(paidSum._sum.price?.toString() ?? 0).minus(paidSum._sum.refundAmount?.toString() ?? 0)),
      policiesByStatus: Object.fromEntries(byStatus.map((s) => [STATUS_NAMES[s.status] ?? String(s.status), s._count._all])),
      series: { policies_issued: perDay, premium_volume: premiumPerDay },
    };
  }
}
