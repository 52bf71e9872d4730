import { STATUS_CODES } from 'node:http';
import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorCodes } from '@lib/common';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed or invalid request (for example invalid JSON, or cancelling an already cancelled policy).',
  401: 'Missing, malformed, expired, tampered or revoked access token (`WWW-Authenticate: Bearer`).',
  403: 'Authenticated, but the client is not enrolled in this product.',
  404: 'No such resource for this client.',
  409: 'An earlier request with the same Idempotency-Key is still running.',
  410: 'The embed session has expired; post the same payload to POST /embed-sessions for a new one.',
  413: 'The request body is larger than the limit.',
  422: 'Validation failed; `details` names every failing field.',
  429: 'Rate limit exceeded; see `Retry-After` and `retry_after_seconds`.',
  502: 'An insurance provider failed to respond properly.',
};

function example(status: number) {
  const entry = Object.values(ErrorCodes).find((e) => e.status === status);
  return entry ? { code: entry.code, message: entry.message, type: 'about:blank', title: STATUS_CODES[status] ?? '', status } : undefined;
}

/** Documents the error responses a route can give, all with the shared Error schema. */
export function ApiErrors(...statuses: number[]) {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: DESCRIPTIONS[status] ?? 'Error.',
        schema: { $ref: '#/components/schemas/Error' },
        example: example(status),
      }),
    ),
  );
}
