import { HttpException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { ApiError, ErrorCodeName, errorBody } from '@lib/common';
import { DatabaseBusyError, isDatabaseUnavailable, isPoolTimeout, Prisma } from '@lib/db';

const FASTIFY_CODES: Record<string, ErrorCodeName> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_REQUEST',
};

const HTTP_STATUS_KINDS: Record<number, ErrorCodeName> = {
  400: 'MALFORMED_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
};

function busy(): ApiError {
  return new ApiError('NOT_READY', 'The service is busy. Retry in a moment.', undefined, { 'Retry-After': '1' }, { retry_after_seconds: 1 });
}

/** How soon a partner may retry while the database cannot be reached: about what a restart or failover takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * What a call answers while the database cannot be reached (or dropped its connection): retry shortly. A write
 * cut this way either committed whole or not at all (one transaction); a retry with the same Idempotency-Key
 * tells which.
 */
export function databaseUnavailable(): ApiError {
  const seconds = DATABASE_RETRY_AFTER_SECONDS;
  return new ApiError(
    'NOT_READY',
    `The service cannot reach its database. Retry in ${seconds} seconds.`,
    undefined,
    { 'Retry-After': String(seconds) },
    { retry_after_seconds: seconds },
  );
}

/** Maps anything thrown while serving a request to the ApiError it is answered with. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  // before Prisma's codes: its connection errors (P1001, P1017, ...) and the driver's own are one case
  if (isDatabaseUnavailable(err)) return databaseUnavailable();
  if (isPoolTimeout(err)) return busy();
  if (err instanceof ThrottlerException) return new ApiError('RATE_LIMITED');
  if (err instanceof HttpException) {
    const kind = HTTP_STATUS_KINDS[err.getStatus()];
    return kind ? new ApiError(kind) : new ApiError('INTERNAL');
  }
  if (err instanceof Prisma.PrismaClientKnownRequestError) {
    if (err.code === 'P2002') return new ApiError('CONFLICT', 'A resource with these values already exists.');
    if (err.code === 'P2025') return new ApiError('NOT_FOUND');
    // no database connection or transaction slot in time: overload, worth a retry, never our 500
    if (err.code === 'P2024' || err.code === 'P2028') return busy();
    return new ApiError('INTERNAL');
  }
  if (err instanceof DatabaseBusyError) return busy();
  const e = err as { code?: string; statusCode?: number; message?: string } | undefined;
  if (e?.code && FASTIFY_CODES[e.code]) {
    const kind = FASTIFY_CODES[e.code];
    return new ApiError(kind, kind === 'MALFORMED_REQUEST' ? `The request body is not valid JSON: ${e.message}` : undefined);
  }
  if (err instanceof SyntaxError && e?.statusCode === 400) {
    return new ApiError('MALFORMED_REQUEST', 'The request body is not valid JSON.');
  }
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 && HTTP_STATUS_KINDS[e.statusCode]) {
    return new ApiError(HTTP_STATUS_KINDS[e.statusCode]);
  }
  return new ApiError('INTERNAL');
}

/**
 * Fastify's own refusals before any route runs (a URL whose percent-encoding does not decode, a path segment over
 * the router's length limit), answered with the one error body like every other error.
 */
export function frameworkError(err: Error & { code?: string }, _req: unknown, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, new ApiError('URI_TOO_LONG'));
  if (err.code === 'FST_ERR_BAD_URL')
    return sendError(reply, new ApiError('MALFORMED_REQUEST', 'The URL is malformed: a percent-encoded part does not decode.'));
  sendError(reply, toApiError(err));
}

export function sendError(reply: FastifyReply, err: ApiError): void {
  for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  reply.status(err.status).type('application/json; charset=utf-8').send(errorBody(err));
}
