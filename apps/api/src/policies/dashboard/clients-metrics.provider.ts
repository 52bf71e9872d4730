import { Injectable, OnModuleInit } from '@nestjs/common';
import { ApiClientRepository } from '../../platform/clients/api-client.repository';
import { DashboardMetricProvider, DashboardMetrics, MetricContribution, MetricWindow } from './dashboard-metrics';

/** API clients: how many, how many active, and how many were created each day. */
@Injectable()
export class ClientsMetricsProvider implements DashboardMetricProvider, OnModuleInit {
  readonly source = 'clients';

  constructor(
    private readonly clients: ApiClientRepository,
    private readonly metrics: DashboardMetrics,
  ) {}

  onModuleInit(): void {
    this.metrics.register(this);
  }

  async collect(window: MetricWindow): Promise<MetricContribution> {
    const [{ total, active }, created] = await Promise.all([this.clients.counts(), this.clients.createdBetween(window.from, window.to)]);
    const perDay: Record<string, number> = {};
    for (const c of created) {
      const day = c.createdAt.toISOString().slice(0, 10);
      perDay[day] = (perDay[day] ?? 0) + 1;
    }
    return { counters: { clients_total: total, clients_active: active }, series: { clients_created: perDay } };
  }
}
