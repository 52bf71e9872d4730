import { ArgumentsHost, Catch, ExceptionFilter, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '@lib/common';
import { sendError, toApiError } from './error-response';
import { ReplayedResponse } from './idempotency/replayed-response';
import { RouteTable } from './route-table';

/** Renders every error in the one JSON shape; unknown failures become a bare 500 (logged, never echoed). */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly routes: RouteTable) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const req = http.getRequest<FastifyRequest>();
    if (exception instanceof ReplayedResponse) return this.replay(reply, exception);
    let err = toApiError(exception);
    if (exception instanceof NotFoundException && !req.routeOptions?.url) err = this.unmatched(req);
    if (err.status >= 500) req.log.error({ err: exception }, 'request failed');
    if (reply.sent) return;
    sendError(reply, err);
  }

  private replay(reply: FastifyReply, stored: ReplayedResponse): void {
    reply.header('Idempotent-Replayed', 'true').status(stored.status);
    if (stored.body === null || stored.body === undefined) reply.send();
    else reply.type('application/json; charset=utf-8').send(stored.body);
  }

  private unmatched(req: FastifyRequest): ApiError {
    const allowed = this.routes.allowedMethods(req.url);
    if (allowed.length === 0) return new ApiError('ROUTE_NOT_FOUND');
    return new ApiError('METHOD_NOT_ALLOWED', `The ${req.method} method is not supported for this endpoint. Supported: ${allowed.join(', ')}.`, undefined, {
      Allow: allowed.join(', '),
    });
  }
}
