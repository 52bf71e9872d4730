import { Injectable, OnModuleInit } from '@nestjs/common';
import { formatDate } from '@lib/common';
import { QuoteRequestRepository } from '../quotes/quote-request.repository';
import { DashboardMetricProvider, DashboardMetrics, MetricContribution, MetricWindow } from '../../../policies/dashboard/dashboard-metrics';

/** Motor comparison's quote requests on the dashboard (its policies count with every family's, policy-table-metrics.ts). */
@Injectable()
export class MotorMetricsProvider implements DashboardMetricProvider, OnModuleInit {
  readonly source = 'motor';

  constructor(
    private readonly quoteRequests: QuoteRequestRepository,
    private readonly metrics: DashboardMetrics,
  ) {}

  onModuleInit(): void {
    this.metrics.register(this);
  }

  async collect(window: MetricWindow): Promise<MetricContribution> {
    const [quoteRequests, recentQuotes] = await Promise.all([this.quoteRequests.countLive(), this.quoteRequests.createdBetween(window.from, window.to)]);
    const quotesPerDay: Record<string, number> = {};
    for (const q of recentQuotes) quotesPerDay[formatDate(q.createdAt)] = (quotesPerDay[formatDate(q.createdAt)] ?? 0) + 1;
    return { counters: { quote_requests: quoteRequests }, series: { quote_requests: quotesPerDay } };
  }
}
