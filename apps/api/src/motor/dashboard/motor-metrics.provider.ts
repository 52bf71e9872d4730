import { Injectable, OnModuleInit } from '@nestjs/common';
import { amountString, formatDate, money } from '@lib/common';
import { PrismaService } from '@lib/db';
import { DashboardMetricProvider, DashboardMetrics, MetricContribution, MetricWindow } from '../../admin/dashboard/dashboard-metrics';

const STATUS_NAMES: Record<number, string> = { 0: 'pending', 1: 'issued' };

/** Motor comparison on the dashboard: quote requests, policies by status, premium written, pending payments. */
@Injectable()
export class MotorMetricsProvider implements DashboardMetricProvider, OnModuleInit {
  readonly source = 'motor';

  constructor(
    private readonly prisma: PrismaService,
    private readonly metrics: DashboardMetrics,
  ) {}

  onModuleInit(): void {
    this.metrics.register(this);
  }

  async collect(window: MetricWindow): Promise<MetricContribution> {
    const inWindow = { createdAt: { gte: window.from, lt: window.to } };
    const [quoteRequests, byStatus, premium, pendingPayments, recentQuotes, recentPolicies] = await Promise.all([
      this.prisma.motorQuoteRequest.count({ where: { deletedAt: null } }),
      this.prisma.motorPolicy.groupBy({ by: ['status'], _count: { _all: true } }),
      this.prisma.motorPolicy.aggregate({ _sum: { price: true } }),
      this.prisma.payment.count({ where: { policyType: 'motor', status: 'pending' } }),
      this.prisma.motorQuoteRequest.findMany({ where: { deletedAt: null, ...inWindow }, select: { createdAt: true } }),
      this.prisma.motorPolicy.findMany({ where: inWindow, select: { createdAt: true, price: true } }),
    ]);
    const quotesPerDay: Record<string, number> = {};
    for (const q of recentQuotes) quotesPerDay[formatDate(q.createdAt)] = (quotesPerDay[formatDate(q.createdAt)] ?? 0) + 1;
    const policiesPerDay: Record<string, number> = {};
    const premiumPerDay: Record<string, string> = {};
    for (const p of recentPolicies) {
      const day = formatDate(p.createdAt);
      policiesPerDay[day] = (policiesPerDay[day] ?? 0) + 1;
      premiumPerDay[day] = amountString(money(premiumPerDay[day] ?? 0).plus(p.price.toString()));
    }
    return {
      counters: { quote_requests: quoteRequests, policies_total: byStatus.reduce((n, s) => n + s._count._all, 0), payments_pending: pendingPayments },
      premiumVolume: amountString(premium._sum.price?.toString() ?? 0),
      policiesByStatus: Object.fromEntries(byStatus.map((s) => [STATUS_NAMES[s.status] ?? String(s.status), s._count._all])),
      series: { quote_requests: quotesPerDay, policies_issued: policiesPerDay, premium_volume: premiumPerDay },
    };
  }
}
