import { Injectable } from '@nestjs/common';
import type { StaffRole } from '@lib/common/permissions';
import { PolicyProducts } from '../policy-products';
import type { PolicyProduct } from '../policy-product';
import { PolicyTableMetrics } from './policy-table-metrics';
import { DashboardMetricsRepository } from './dashboard-metrics.repository';

/**
 * The dashboard's numbers. Every registered product family's policies are counted the same way (its
 * PolicyProduct names its table); other figures (clients, quote requests, payments, claims) come from
 * providers registered here in their module's onModuleInit. The dashboard adds them up and answers zeros
 * for what nothing contributes yet, so it never breaks on an empty database.
 */
export const DASHBOARD_COUNTERS = [
  'clients_total',
  'clients_active',
  'quote_requests',
  'policies_total',
  'payments_pending',
  'claims_open',
  'claims_unassigned',
] as const;
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

/**
 * A role's work list on the dashboard (e.g. the account managers' companies missing declarations and
 * amounts due): figures read now, shown only to the roles it names, so each role keeps its own dashboard.
 */
export interface DashboardWorklistProvider {
  /** e.g. "medical"; the key of its figures in the answer's `worklists`. */
  readonly source: string;
  readonly roles: readonly StaffRole[];
  /** Counts as numbers, money as decimal strings (never floats). */
  collect(): Promise<Record<string, number | string>>;
}

@Injectable()
export class DashboardMetrics {
  private readonly providers = new Map<string, DashboardMetricProvider>();
  private readonly worklists = new Map<string, DashboardWorklistProvider>();
  private readonly policyTables = new Map<string, PolicyTableMetrics>();

  constructor(
    private readonly products: PolicyProducts,
    private readonly figures: DashboardMetricsRepository,
  ) {}

  register(provider: DashboardMetricProvider): void {
    this.providers.set(provider.source, provider);
  }

  registerWorklist(provider: DashboardWorklistProvider): void {
    this.worklists.set(provider.source, provider);
  }

  /** The work lists `role` sees. */
  worklistsFor(role: string): DashboardWorklistProvider[] {
    return [...this.worklists.values()].filter((w) => (w.roles as readonly string[]).includes(role));
  }

  all(): DashboardMetricProvider[] {
    return [...this.providers.values(), ...this.products.all().map((p) => this.policyTableOf(p.dashboard))];
  }

  private policyTableOf(table: PolicyProduct['dashboard']): PolicyTableMetrics {
    let metrics = this.policyTables.get(table.source);
    if (!metrics) this.policyTables.set(table.source, (metrics = new PolicyTableMetrics(this.figures, table)));
    return metrics;
  }
}
