import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from '@lib/common';
import { partnerCan } from '@lib/common/permissions';
import { readSessionCookie } from '../../admin/auth/session-cookie';
import { sessionExpired } from '../../admin/auth/sign-in-rules';
import { PartnerSessionService } from './partner-session.service';
import { PORTAL_COOKIE, PortalRequest } from './partner-request';

export const PORTAL_ACTION = 'portal-action';

/**
 * The portal's authentication and authorisation: a live portal session cookie (401 otherwise; the console's
 * cookie is another name and another table, so it never counts), then partnerCan(role, action) for the route's
 * @PortalAllow(action) (403 otherwise).
 */
@Injectable()
export class PortalAuthGuard implements CanActivate {
  constructor(
    private readonly sessions: PartnerSessionService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<PortalRequest>();
    const token = readSessionCookie(req, PORTAL_COOKIE);
    if (!token) throw new ApiError('UNAUTHENTICATED', 'Sign in to use the portal.');
    const user = await this.sessions.resolve(token);
    if (!user) throw sessionExpired();
    req.partnerUser = user;
    req.principal = `partner-user:${user.id}`;

    const action = this.reflector.getAllAndOverride<string | undefined>(PORTAL_ACTION, [ctx.getHandler(), ctx.getClass()]);
    // A route that forgot to declare what it does is refused rather than open.
    if (action === 'session') return true;
    if (!action || !partnerCan(user.role, action)) {
      throw new ApiError('FORBIDDEN', `The ${user.role} role may not ${(action ?? 'use this').replace('_', ' ')}.`);
    }
    return true;
  }
}
