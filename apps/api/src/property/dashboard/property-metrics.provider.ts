import { Injectable, OnModuleInit } from '@nestjs/common';
import { amountString, formatDate, money } from '@lib/common';
import { PrismaService } from '@lib/db';
import { DashboardMetricProvider, DashboardMetrics, MetricContribution, MetricWindow } from '../../admin/dashboard/dashboard-metrics';
import { PROPERTY_PAYMENT_TYPE } from '../policies/property-policy.repository';
import { PROPERTY_STATUS } from '../property-products';

const STATUS_NAMES: Record<number, string> = { 0: 'pending', 1: 'active', 2: 'cancelled' };

/**
 * Property on the dashboard: policies by status, pending payments, and premium written: what open policies
 * cost, plus what paid-then-cancelled ones kept after their refund (a policy cancelled unpaid wrote nothing).
 */
@Injectable()
export class PropertyMetricsProvider implements DashboardMetricProvider, OnModuleInit {
  readonly source = 'property';

  constructor(
    private readonly prisma: PrismaService,
    private readonly metrics: DashboardMetrics,
  ) {}

  onModuleInit(): void {
    this.metrics.register(this);
  }

  async collect(window: MetricWindow): Promise<MetricContribution> {
    const open = { status: { in: [PROPERTY_STATUS.pending, PROPERTY_STATUS.active] } };
    const keptAfterCancel = { status: PROPERTY_STATUS.cancelled, activatedAt: { not: null } };
    const [byStatus, openSum, cancelledSum, pendingPayments, recent] = await Promise.all([
      this.prisma.propertyPolicy.groupBy({ by: ['status'], _count: { _all: true } }),
      this.prisma.propertyPolicy.aggregate({ where: open, _sum: { price: true } }),
      this.prisma.propertyPolicy.aggregate({ where: keptAfterCancel, _sum: { price: true, refundAmount: true } }),
      this.prisma.payment.count({ where: { policyType: PROPERTY_PAYMENT_TYPE, status: 'pending' } }),
      this.prisma.propertyPolicy.findMany({ where: { createdAt: { gte: window.from, lt: window.to } }, select: { createdAt: true, price: true } }),
    ]);
    const premium = money(openSum._sum.price?.toString() ?? 0)
      .plus(cancelledSum._sum.price?.toString() ?? 0)
      .minus(cancelledSum._sum.refundAmount?.toString() ?? 0);
    const perDay: Record<string, number> = {};
    const premiumPerDay: Record<string, string> = {};
    for (const p of recent) {
      const day = formatDate(p.createdAt);
      perDay[day] = (perDay[day] ?? 0) + 1;
      premiumPerDay[day] = amountString(money(premiumPerDay[day] ?? 0).plus(p.price.toString()));
    }
    return {
      counters: { policies_total: byStatus.reduce((n, s) => n + s._count._all, 0), payments_pending: pendingPayments },
      premiumVolume: amountString(premium),
      policiesByStatus: Object.fromEntries(byStatus.map((s) => [STATUS_NAMES[s.status] ?? String(s.status), s._count._all])),
      series: { policies_issued: perDay, premium_volume: premiumPerDay },
    };
  }
}
