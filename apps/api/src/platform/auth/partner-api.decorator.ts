import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader } from '@nestjs/swagger';
import { ApiThrottlerGuard, IdempotencyInterceptor } from '@lib/http';
import type { ProductCode } from '@lib/common';
import { ClientAuthGuard, REQUIRED_PRODUCTS } from './client-auth.guard';
import { Partner, PartnerRequest } from './partner';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { SandboxScopeInterceptor } from '../sandbox/sandbox-scope.interceptor';

/**
 * Marks a controller (or route) as partner API: bearer-token authentication, enrolment in one of
 * `products` (any of them suffices; none means any authenticated client), per-client rate limits
 * and Idempotency-Key handling on POST; in sandbox mode, the partner's own insurer behaviour.
 */
export function PartnerApi(...products: ProductCode[]) {
  return applyDecorators(
    SetMetadata(REQUIRED_PRODUCTS, products),
    UseGuards(ClientAuthGuard, ApiThrottlerGuard),
    UseInterceptors(SandboxScopeInterceptor, IdempotencyInterceptor),
    ApiBearerAuth('bearer'),
    ApiHeader({ name: 'X-Request-Id', required: false, description: 'Correlation id, echoed in the response.' }),
    ApiHeader({
      name: 'Sandbox-Test-Clock',
      required: false,
      description: 'Sandbox only: the id of one of your test clocks (POST /api/v1/sandbox/test-clocks). The request runs at the clock\'s time, and what it creates follows the clock from then on.',
    }),
    ApiErrors(401, 403, 429),
  );
}

/** The authenticated client of the request. */
export const CurrentPartner = createParamDecorator((_: unknown, ctx: ExecutionContext): Partner => {
  const partner = ctx.switchToHttp().getRequest<PartnerRequest>().partner;
  if (!partner) throw new Error('CurrentPartner used on a route without PartnerApi');
  return partner;
});
