import { Module } from '@nestjs/common';
import { AdminModule } from '../platform/admin/admin.module';
import { PaymentsModule } from '../payments/payments.module';
import { PolicyActivityController } from './activity/policy-activity.controller';
import { PolicyActivityRepository } from './activity/policy-activity.repository';
import { PolicyActivityService } from './activity/policy-activity.service';
import { ClientsMetricsProvider } from './dashboard/clients-metrics.provider';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardMetrics } from './dashboard/dashboard-metrics';
import { DashboardMetricsRepository } from './dashboard/dashboard-metrics.repository';
import { DashboardService } from './dashboard/dashboard.service';
import { PaymentMetricsProvider } from './dashboard/payment-metrics.provider';
import { OperationsWorklistProvider } from './dashboard/operations-worklist.provider';
import { AdminRenewalsController } from './renewals/admin-renewals.controller';
import { RenewalsRepository } from './renewals/renewals.repository';
import { RenewalsService } from './renewals/renewals.service';
import { SearchController } from './search/search.controller';
import { SearchRepository } from './search/search.repository';
import { SearchService } from './search/search.service';

/**
 * The console's views across every family (the dashboard, the one search box, a policy's activity, the renewals worklist): they read
 * the product registry, so they live here, above the platform's AdminModule, which hosts only staff, clients and
 * the audit log. A module that adds dashboard numbers imports this one and registers with DashboardMetrics.
 */
@Module({
  imports: [AdminModule, PaymentsModule],
  controllers: [DashboardController, SearchController, PolicyActivityController, AdminRenewalsController],
  providers: [
    DashboardMetrics,
    DashboardMetricsRepository,
    DashboardService,
    ClientsMetricsProvider,
    PaymentMetricsProvider,
    OperationsWorklistProvider,
    SearchService,
    SearchRepository,
    PolicyActivityService,
    PolicyActivityRepository,
    RenewalsService,
    RenewalsRepository,
  ],
  exports: [DashboardMetrics],
})
export class PolicyConsoleModule {}
