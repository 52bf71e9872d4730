import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '@lib/common';

interface ThrottleDetail {
  limit: number;
  timeToBlockExpire: number;
}

/** The key a request is counted under: the authenticated principal, else the caller's address. */
export type TrackedRequest = FastifyRequest & { principal?: string };

/**
 * @nestjs/throttler with the service's conventions: counted per client (the auth guard runs first
 * and sets `principal`), IETF `RateLimit-*` headers, and the service's 429 body with `retry_after_seconds`.
 */
@Injectable()
export class ApiThrottlerGuard extends ThrottlerGuard {
  protected override headerPrefix = 'RateLimit';

  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const r = req as unknown as TrackedRequest;
    return r.principal ?? `ip:${r.ip}`;
  }

  protected override async throwThrottlingException(_ctx: ExecutionContext, detail: ThrottleDetail): Promise<void> {
    throw rateLimited(detail.timeToBlockExpire, detail.limit);
  }
}

/** The service's 429: `Retry-After`, the `RateLimit-*` headers and `retry_after_seconds`. */
export function rateLimited(
  seconds: number,
  limit: number,
  message = `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
): ApiError {
  return new ApiError(
    'RATE_LIMITED',
    message,
    undefined,
    {
      'Retry-After': String(seconds),
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': String(seconds),
    },
    { retry_after_seconds: seconds },
  );
}
