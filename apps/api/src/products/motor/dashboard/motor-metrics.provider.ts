import { Injectable, OnModuleInit } from '@nestjs/common';
import { formatDate } from '@lib/common';
import { PrismaService } from '@lib/db';
import { DashboardMetricProvider, DashboardMetrics, MetricContribution, MetricWindow } from '../../../policies/dashboard/dashboard-metrics';

/** Motor comparison's quote requests on the dashboard (its policies count with every family's, policy-table-metrics.ts). */
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
    const [quoteRequests, recentQuotes] = await Promise.all([
      this.prisma.motorQuoteRequest.count({ where: { deletedAt: null } }),
      this.prisma.motorQuoteRequest.findMany({ where: { deletedAt: null, createdAt: { gte: window.from, lt: window.to } }, select: { createdAt: true } }),
    ]);
    const quotesPerDay: Record<string, number> = {};
    for (const q of recentQuotes) quotesPerDay[formatDate(q.createdAt)] = (quotesPerDay[formatDate(q.createdAt)] ?? 0) + 1;
    return { counters: { quote_requests: quoteRequests }, series: { quote_requests: quotesPerDay } };
  }
}
