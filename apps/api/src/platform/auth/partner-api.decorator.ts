import { applyDecorators, createParamDecorator, ExecutionContext, RequestMethod, SetMetadata, UseGuards, UseInterceptors } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { ApiBearerAuth, ApiHeader } from '@nestjs/swagger';
import { ApiThrottlerGuard, IdempotencyInterceptor } from '@lib/http';
import type { ProductCode } from '@lib/common';
import { ClientAuthGuard, REQUIRED_PRODUCTS } from './client-auth.guard';
import { Partner, PartnerRequest } from './partner';
import { ApiErrors } from '../openapi/api-errors.decorator';

/**
 * Marks a controller (or route) as partner API: bearer-token authentication, enrolment in one of
 * `products` (any of them suffices; none means any authenticated client), per-client rate limits
 * and Idempotency-Key handling on POST (in sandbox mode, the partner's own insurer behaviour: SandboxScopeInterceptor).
 */
export function PartnerApi(...products: ProductCode[]) {
  return applyDecorators(
    SetMetadata(REQUIRED_PRODUCTS, products),
    UseGuards(ClientAuthGuard, ApiThrottlerGuard),
    IdempotentPosts(),
    ApiBearerAuth('bearer'),
    ApiHeader({ name: 'X-Request-Id', required: false, description: 'Correlation id, echoed in the response.' }),
    ApiHeader({
      name: 'Sandbox-Test-Clock',
      required: false,
      description:
        "Sandbox only: the id of one of your test clocks (POST /api/v1/sandbox/test-clocks). The request runs at the clock's time, and what it creates follows the clock from then on. " +
        'An id that is not one of your clocks is 404 on any route.',
    }),
    // 404 on every route, not only those naming a resource in the path: the Sandbox-Test-Clock header names one too
    ApiErrors(401, 403, 404, 429),
  );
}

/**
 * Idempotency-Key handling on the POST routes of a controller (or on the route it decorates). Only there: a route with
 * no interceptor at all is called by Nest directly, without the rxjs pipeline an interceptor costs every request (reads
 * by id and lists are most of the partner API's traffic).
 */
function IdempotentPosts(): ClassDecorator & MethodDecorator {
  const idempotent = UseInterceptors(IdempotencyInterceptor);
  return ((target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (key !== undefined && descriptor) return idempotent(target, key, descriptor);
    // a class decorator runs after its methods' own (@Post among them), so their routes are known here
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const method = Object.getOwnPropertyDescriptor(prototype, name)!;
      if (typeof method.value === 'function' && Reflect.getMetadata(METHOD_METADATA, method.value) === RequestMethod.POST) idempotent(prototype, name, method);
    }
  }) as ClassDecorator & MethodDecorator;
}

/** The authenticated client of the request. */
export const CurrentPartner = createParamDecorator((_: unknown, ctx: ExecutionContext): Partner => {
  const partner = ctx.switchToHttp().getRequest<PartnerRequest>().partner;
  if (!partner) throw new Error('CurrentPartner used on a route without PartnerApi');
  return partner;
});
