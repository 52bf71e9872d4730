import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { ApiThrottlerGuard, RATE_LIMIT_WINDOW_MS } from '@lib/http';
import type { AdminAction, AdminResource } from '@lib/common/permissions';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { AuditActor } from '../audit/audit-trail';
import { ADMIN_ACTION, ADMIN_RESOURCE, AdminAuthGuard, AdminCsrfGuard } from './admin-guards';
import { Staff, StaffRequest } from './staff-request';
import { StaffFileUrlsInterceptor } from './staff-file-urls.interceptor';

/** Requests per minute per staff member and route: a console page makes a handful of calls. */
export const ADMIN_RATE_LIMIT = 300;

/**
 * Marks a controller as admin API on `resource`: CSRF check, session cookie, the permission of each
 * route's @Allow(action), a per-staff rate limit, stored-file URLs pointing at the staff download route;
 * documented under the "Admin" tag.
 */
export function AdminApi(resource: AdminResource) {
  return applyDecorators(
    SetMetadata(ADMIN_RESOURCE, resource),
    UseGuards(AdminCsrfGuard, AdminAuthGuard, ApiThrottlerGuard),
    UseInterceptors(StaffFileUrlsInterceptor),
    Throttle({ default: { limit: ADMIN_RATE_LIMIT, ttl: RATE_LIMIT_WINDOW_MS } }),
    ApiTags('Admin'),
    ApiHeader({ name: 'X-Requested-With', required: false, description: 'Must be `XMLHttpRequest` on POST, PUT, PATCH and DELETE (CSRF protection).' }),
    ApiErrors(401, 403, 429),
  );
}

/** The action a route performs on its controller's resource, checked with can(role, action, resource). */
export function Allow(action: AdminAction | 'session') {
  return SetMetadata(ADMIN_ACTION, action);
}

export const CurrentStaff = createParamDecorator((_: unknown, ctx: ExecutionContext): Staff => {
  const staff = ctx.switchToHttp().getRequest<StaffRequest>().staff;
  if (!staff) throw new Error('CurrentStaff used on a route without AdminApi');
  return staff;
});

/** The audit actor of the request: the staff member and the request id. */
export const Actor = createParamDecorator((_: unknown, ctx: ExecutionContext): AuditActor => {
  const req = ctx.switchToHttp().getRequest<StaffRequest>();
  if (!req.staff) throw new Error('Actor used on a route without AdminApi');
  return { staffId: req.staff.id, email: req.staff.email, role: req.staff.role, requestId: String(req.id) };
});
