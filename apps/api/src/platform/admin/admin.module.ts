import { Module } from '@nestjs/common';
import { AdminLoginController, AdminSessionController } from './auth/admin-auth.controller';
import { AdminAuthGuard, AdminCsrfGuard } from './auth/admin-guards';
import { StaffSessionService } from './auth/staff-session.service';
import { AuditLogController } from './audit/audit-log.controller';
import { AuditTrail } from './audit/audit-trail';
import { AuditLogRepository } from './audit/audit-log.repository';
import { AdminClientsController } from './clients/admin-clients.controller';
import { AdminClientsService } from './clients/admin-clients.service';
import { ClientsMetricsProvider } from '../../policies/dashboard/clients-metrics.provider';
import { DashboardController } from '../../policies/dashboard/dashboard.controller';
import { DashboardMetrics } from '../../policies/dashboard/dashboard-metrics';
import { DashboardService } from '../../policies/dashboard/dashboard.service';
import { PolicyActivityController } from '../../policies/activity/policy-activity.controller';
import { PolicyActivityRepository } from '../../policies/activity/policy-activity.repository';
import { PolicyActivityService } from '../../policies/activity/policy-activity.service';
import { SearchController } from '../../policies/search/search.controller';
import { SearchRepository } from '../../policies/search/search.repository';
import { SearchService } from '../../policies/search/search.service';
import { StaffController } from './staff/staff.controller';
import { StaffService } from './staff/staff.service';

/**
 * The back-office API under /admin/api: staff sign-in with a session cookie, permission-checked and
 * audited actions on clients and staff, the audit log and the dashboard. Product modules add dashboard
 * numbers by injecting DashboardMetrics (exported) and registering a provider.
 */
@Module({
  controllers: [AdminLoginController, AdminSessionController, AdminClientsController, StaffController, AuditLogController, DashboardController, SearchController, PolicyActivityController],
  providers: [
    AuditTrail,
    AuditLogRepository,
    StaffService,
    StaffSessionService,
    AdminCsrfGuard,
    AdminAuthGuard,
    AdminClientsService,
    DashboardMetrics,
    DashboardService,
    ClientsMetricsProvider,
    SearchService,
    SearchRepository,
    PolicyActivityService,
    PolicyActivityRepository,
  ],
  // The guards and their session service too: product modules host their own console controllers (@AdminApi).
  // AdminClientsService: the portal rotates a partner's secret the console's way.
  exports: [DashboardMetrics, AuditTrail, AdminClientsService, StaffService, StaffSessionService, AdminAuthGuard, AdminCsrfGuard],
})
export class AdminModule {}
