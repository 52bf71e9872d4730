import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { withSandboxScope } from '@lib/providers';
import type { PartnerRequest } from '../auth/partner';

/**
 * Sandbox mode (every route's, registered only then: CoreModule): serves each partner request inside the partner's
 * sandbox scope, so the insurer calls it makes meet the insurer behaviour that partner chose for itself
 * (PUT /api/v1/sandbox/insurers/{code}). Other routes have no partner and run as they are.
 */
@Injectable()
export class SandboxScopeInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const clientId = ctx.switchToHttp().getRequest<PartnerRequest>().partner?.clientId;
    if (!clientId) return next.handle();
    return new Observable((subscriber) => withSandboxScope(clientId, () => next.handle().subscribe(subscriber)));
  }
}
