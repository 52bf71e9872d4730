import { Injectable, OnModuleInit } from '@nestjs/common';
import { PrismaService } from '@lib/db';
import { DashboardMetricProvider, DashboardMetrics, MetricContribution, MetricWindow } from './dashboard-metrics';

/** API clients: how many, how many active, and how many were created each day. */
@Injectable()
export class ClientsMetricsProvider implements DashboardMetricProvider, OnModuleInit {
  readonly source = 'clients';

  constructor(
    private readonly prisma: PrismaService,
    private readonly metrics: DashboardMetrics,
  ) {}

  onModuleInit(): void {
    this.metrics.register(this);
  }

  async collect(window: MetricWindow): Promise<MetricContribution> {
    const [total, active, created] = await Promise.all([
      this.prisma.apiClient.count(),
      this.prisma.apiClient.count({ where: { active: true } }),
      this.prisma.apiClient.findMany({ where: { createdAt: { gte: window.from, lt: window.to } }, select: { createdAt: true } }),
    ]);
    const perDay: Record<string, number> = {};
    for (const c of created) {
      const day = c.createdAt.toISOString().slice(0, 10);
      perDay[day] = (perDay[day] ?? 0) + 1;
    }
    return { counters: { clients_total: total, clients_active: active }, series: { clients_created: perDay } };
  }
}
