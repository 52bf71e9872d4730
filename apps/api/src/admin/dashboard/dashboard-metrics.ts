import { Injectable } from '@nestjs/common';

/**
 * The dashboard's numbers. Every product family contributes what it knows through a provider registered
 * with DashboardMetrics (in its module's onModuleInit); the dashboard adds them up and answers zeros for
 * what no family contributes yet, so it never breaks on an empty database.
 */
export const DASHBOARD_COUNTERS = ['clients_total', 'clients_active', 'quote_requests', 'policies_total', 'payments_pending', 'claims_open', 'claims_unassigned'] as const;
export type DashboardCounter = (typeof DASHBOARD_COUNTERS)[number];

export const DASHBOARD_SERIES = ['clients_created', 'quote_requests', 'policies_issued', 'premium_volume', 'claims_opened'] as const;
export type DashboardSeries = (typeof DASHBOARD_SERIES)[number];

export interface MetricWindow {
  /** Start of the first day (UTC) and end of the last. */
  from: Date;
  to: Date;
  /** The days of the window, `YYYY-MM-DD`, oldest first. */
  days: string[];
}

export interface MetricContribution {
  counters?: Partial<Record<DashboardCounter, number>>;
  /** Premium written, SAR with two decimals, as a decimal string (never a float). */
  premiumVolume?: string;
  policiesByStatus?: Record<string, number>;
  /** day (`YYYY-MM-DD`) -> value; money series as decimal strings. */
  series?: Partial<Record<DashboardSeries, Record<string, number | string>>>;
}

export interface DashboardMetricProvider {
  /** e.g. "clients", "motor". */
  readonly source: string;
  collect(window: MetricWindow): Promise<MetricContribution>;
}

@Injectable()
export class DashboardMetrics {
  private readonly providers = new Map<string, DashboardMetricProvider>();

  register(provider: DashboardMetricProvider): void {
    this.providers.set(provider.source, provider);
  }

  all(): DashboardMetricProvider[] {
    return [...this.providers.values()];
  }
}
