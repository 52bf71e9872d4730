import { Injectable, OnModuleInit } from '@nestjs/common';
import { RefundRepository } from '../../payments/refunds/refund.repository';
import { DueEventRepository } from '../../platform/due-events/due-event.repository';
import { RenewalsService } from '../renewals/renewals.service';
import { DashboardMetrics, DashboardWorklistProvider } from './dashboard-metrics';

/**
 * What operations have to act on, on their dashboard (and the admins'): refunds the vendor refused or that failed their
 * last try (each waits for a retry with a reason), renewal notices the customer has not taken, and scheduled events
 * given up after their last try (each waits to be run again). The console links each figure to its list filtered the
 * same way (`refunds` with `status: failed`, `renewals` with `taken: false`, `due-events` with `state: failed`).
 */
@Injectable()
export class OperationsWorklistProvider implements DashboardWorklistProvider, OnModuleInit {
  readonly source = 'operations';
  readonly roles = ['admin', 'operations'] as const;

  constructor(
    private readonly metrics: DashboardMetrics,
    private readonly refunds: RefundRepository,
    private readonly renewals: RenewalsService,
    private readonly dueEvents: DueEventRepository,
  ) {}

  onModuleInit(): void {
    this.metrics.registerWorklist(this);
  }

  async collect(): Promise<Record<string, number | string>> {
    const [refundsNeedingAction, renewalsNotTaken, scheduledEventsFailed] = await Promise.all([
      this.refunds.countNeedingAction(),
      this.renewals.notTaken(),
      this.dueEvents.countFailed(),
    ]);
    return { refunds_needing_action: refundsNeedingAction, renewals_not_taken: renewalsNotTaken, scheduled_events_failed: scheduledEventsFailed };
  }
}
