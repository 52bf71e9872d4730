import { dateTimeOut, pageQueryShape, paginated, shape, uuidOut, z } from '@lib/common';

/** The portal's Requests: what the list takes, and the named shapes it answers with. */

const STATUS = /^([1-5]\d\d|[45]xx)$/i;

export const requestsQuery = z.strictObject({
  ...pageQueryShape,
  request_id: z.string({ error: 'The request id must be text.' }).min(1).max(200, 'The request id may not be longer than 200 characters.').optional(),
  status: z
    .string()
    .regex(STATUS, 'The status must be an HTTP status (e.g. 422) or a class: 4xx or 5xx.')
    .transform((v) => v.toLowerCase())
    .optional(),
  route: z.string().min(1).max(300, 'The route may not be longer than 300 characters.').optional(),
  from: z.iso.datetime({ offset: true, error: 'The from must be an ISO 8601 date-time.' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'The to must be an ISO 8601 date-time.' }).optional(),
});

export const requestParam = z.strictObject({ id: z.string().max(64) });

const EXAMPLE = {
  id: '019ade3c-5f00-7a1b-8c2d-3e4f5a6b7c8d',
  created_at: '2026-12-02T06:40:12.345000Z',
  method: 'POST',
  route: '/api/v1/motor/quote-requests',
  path: '/api/v1/motor/quote-requests',
  status: 422,
  latency_ms: 12,
  request_id: 'c0ffee00-1234-4abc-8def-0123456789ab',
  idempotency_key: 'order-7731',
  error_body: { code: 'VALIDATION_ERROR', message: 'The given data was invalid.' },
};

export const requestLogEntryShape = shape(
  'PortalRequestLogEntry',
  z
    .strictObject({
      id: uuidOut,
      created_at: dateTimeOut,
      method: z.string(),
      route: z.string().meta({ description: 'The route template, e.g. /api/v1/policies/{id}.' }),
      path: z.string().meta({ description: 'The path called, without its query string, personal data masked.' }),
      status: z.number().int(),
      latency_ms: z.number().int(),
      request_id: z.string().meta({ description: 'The X-Request-Id of the answer.' }),
      idempotency_key: z.string().nullable(),
      error_body: z
        .record(z.string(), z.unknown())
        .nullable()
        .meta({ description: 'The error answer of a 4xx/5xx, personal data masked as in the console; null for a success.' }),
    })
    .meta({ example: EXAMPLE }),
);

export type RequestLogEntryOut = z.output<typeof requestLogEntryShape>;

/** One request read by its id: the list's fields and the bodies. */
export const requestLogDetailShape = shape(
  'PortalRequestLogDetail',
  requestLogEntryShape
    .extend({
      request_body: z.record(z.string(), z.unknown()).nullable().meta({
        description:
          'What was sent (a JSON or form body), personal data masked and secrets replaced by ***; {"truncated": text} past 8,192 characters; null when nothing was sent or REQUEST_LOG_BODIES is off.',
      }),
      response_body: z.record(z.string(), z.unknown()).nullable().meta({
        description:
          'A successful JSON answer, masked and cut as request_body; null for a 4xx/5xx (see error_body), an answer that is not JSON (a PDF, an event stream), or when REQUEST_LOG_BODIES is off.',
      }),
    })
    .meta({
      example: {
        ...EXAMPLE,
        status: 201,
        error_body: null,
        request_body: { owner_id: '10******78', email: 'o***@example.com' },
        response_body: { id: '9b1d…', status: 'in_progress' },
      },
    }),
);

export type RequestLogDetailOut = z.output<typeof requestLogDetailShape>;

export const requestLogPageShape = paginated('PortalRequestLogPage', requestLogEntryShape);
