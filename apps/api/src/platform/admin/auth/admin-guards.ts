import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from '@lib/common';
import { can } from '@lib/common/permissions';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { readSessionCookie } from './session-cookie';
import { StaffRequest } from './staff-request';
import { sessionExpired, StaffSessionService } from './staff-session.service';

export const ADMIN_RESOURCE = 'admin-resource';
export const ADMIN_ACTION = 'admin-action';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence on top of SameSite=Strict: a state-changing request must carry
 * `X-Requested-With: XMLHttpRequest` (a header a cross-site form or image cannot set, and a cross-site
 * fetch cannot set without a CORS preflight this API never grants) and, when the browser sends an
 * Origin, it must be this service's own.
 */
@Injectable()
export class AdminCsrfGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<StaffRequest>();
    if (SAFE_METHODS.has(req.method)) return true;
    if (String(req.headers['x-requested-with'] ?? '').toLowerCase() !== 'xmlhttprequest') {
      throw new ApiError('FORBIDDEN', 'State-changing console requests must send the header X-Requested-With: XMLHttpRequest.');
    }
    const origin = req.headers.origin;
    if (origin && origin !== 'null') {
      const own = [`${req.protocol}://${req.headers.host}`, this.config.publicBaseUrl];
      if (!own.includes(origin)) throw new ApiError('FORBIDDEN', 'Cross-origin requests to the console API are refused.');
    } else if (origin === 'null') {
      throw new ApiError('FORBIDDEN', 'Cross-origin requests to the console API are refused.');
    }
    return true;
  }
}

/**
 * The console's authentication and authorisation: a live session cookie (401 otherwise), then
 * can(role, action, resource) for the route's @Allow(action) on its controller's @AdminApi(resource) (403 otherwise).
 */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  constructor(
    private readonly sessions: StaffSessionService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<StaffRequest>();
    const token = readSessionCookie(req);
    if (!token) throw new ApiError('UNAUTHENTICATED', 'Sign in to use the console.');
    const staff = await this.sessions.resolve(token);
    if (!staff) throw sessionExpired();
    req.staff = staff;
    req.principal = `staff:${staff.id}`;

    const resource = this.reflector.getAllAndOverride<string | undefined>(ADMIN_RESOURCE, [ctx.getHandler(), ctx.getClass()]);
    const action = this.reflector.getAllAndOverride<string | undefined>(ADMIN_ACTION, [ctx.getHandler(), ctx.getClass()]);
    // A route that forgot to declare what it does is refused rather than open.
    if (action === 'session') return true;
    if (!resource || !action || !can(staff.role, action, resource)) {
      throw new ApiError('FORBIDDEN', `The ${staff.role.replace('_', ' ')} role may not ${(action ?? 'use').replace('_', ' ')} ${resource ?? 'this'}.`);
    }
    return true;
  }
}
