import { Module } from '@nestjs/common';
import { AdminLoginController, AdminSessionController } from './auth/admin-auth.controller';
import { AdminAuthGuard, AdminCsrfGuard } from './auth/admin-guards';
import { StaffSessionService } from './auth/staff-session.service';
import { StaffSessionRepository } from './auth/staff-session.repository';
import { AuditLogController } from './audit/audit-log.controller';
import { AuditTrail } from './audit/audit-trail';
import { AuditLogRepository } from './audit/audit-log.repository';
import { AdminClientsController } from './clients/admin-clients.controller';
import { AdminClientsService } from './clients/admin-clients.service';
import { StaffController } from './staff/staff.controller';
import { StaffService } from './staff/staff.service';
import { StaffUserRepository } from './staff/staff-user.repository';

/**
 * The back-office API under /admin/api: staff sign-in with a session cookie, permission-checked and
 * audited actions on clients and staff, and the audit log. The views across families (dashboard, search, policy
 * activity) read the product registry, so they live above the platform, in policies/policy-console.module.ts.
 */
@Module({
  controllers: [AdminLoginController, AdminSessionController, AdminClientsController, StaffController, AuditLogController],
  providers: [
    AuditTrail,
    AuditLogRepository,
    StaffService,
    StaffUserRepository,
    StaffSessionService,
    StaffSessionRepository,
    AdminCsrfGuard,
    AdminAuthGuard,
    AdminClientsService,
  ],
  // The guards and their session service too: product modules host their own console controllers (@AdminApi).
  // AdminClientsService: the portal rotates a partner's secret the console's way.
  exports: [AuditTrail, AdminClientsService, StaffService, StaffSessionService, AdminAuthGuard, AdminCsrfGuard],
})
export class AdminModule {}
