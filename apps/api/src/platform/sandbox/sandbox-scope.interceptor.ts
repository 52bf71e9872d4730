import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { withSandboxScope } from '@lib/providers';
import type { PartnerRequest } from '../auth/partner';

/**
 * Sandbox mode: serves each partner request inside the partner's sandbox scope, so the insurer calls it makes
 * meet the insurer behaviour that partner chose for itself (PUT /api/v1/sandbox/insurers/{code}).
 */
@Injectable()
export class SandboxScopeInterceptor implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const clientId = ctx.switchToHttp().getRequest<PartnerRequest>().partner?.clientId;
    if (this.config.env !== 'sandbox' || !clientId) return next.handle();
    return new Observable((subscriber) => withSandboxScope(clientId, () => next.handle().subscribe(subscriber)));
  }
}
