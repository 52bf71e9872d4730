import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { PartnerAction } from '@lib/common/permissions';
import { ApiThrottlerGuard, RATE_LIMIT_WINDOW_MS } from '@lib/http';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import type { AuditActor } from '../../admin/audit/audit-trail';
import { AdminCsrfGuard } from '../../admin/auth/admin-guards';
import { partnerActor, PartnerUserPrincipal, PortalRequest } from './partner-request';
import { PORTAL_ACTION, PortalAuthGuard } from './portal-guards';

/** Requests per minute per partner user and route, as for staff in the console. */
export const PORTAL_RATE_LIMIT = 300;

/**
 * Marks a controller as portal API: the console's CSRF rule, the portal session cookie, the role's permission
 * for each route's @PortalAllow(action), a per-user rate limit; documented under the "Portal" tag.
 */
export function PortalApi() {
  return applyDecorators(
    UseGuards(AdminCsrfGuard, PortalAuthGuard, ApiThrottlerGuard),
    Throttle({ default: { limit: PORTAL_RATE_LIMIT, ttl: RATE_LIMIT_WINDOW_MS } }),
    ApiTags('Portal'),
    ApiHeader({ name: 'X-Requested-With', required: false, description: 'Must be `XMLHttpRequest` on POST, PUT, PATCH and DELETE (CSRF protection).' }),
    ApiErrors(401, 403, 429),
  );
}

/** What a portal route does, checked with partnerCan(role, action). */
export function PortalAllow(action: PartnerAction | 'session') {
  return SetMetadata(PORTAL_ACTION, action);
}

function portalRequest(ctx: ExecutionContext): PortalRequest & { partnerUser: PartnerUserPrincipal } {
  const req = ctx.switchToHttp().getRequest<PortalRequest>();
  if (!req.partnerUser) throw new Error('used on a route without PortalApi');
  return req as PortalRequest & { partnerUser: PartnerUserPrincipal };
}

export const CurrentPartnerUser = createParamDecorator((_: unknown, ctx: ExecutionContext): PartnerUserPrincipal => portalRequest(ctx).partnerUser);

/** The audit actor of the request: the partner user and the request id. */
export const PartnerActor = createParamDecorator((_: unknown, ctx: ExecutionContext): AuditActor => {
  const req = portalRequest(ctx);
  return partnerActor(req.partnerUser, String(req.id));
});
