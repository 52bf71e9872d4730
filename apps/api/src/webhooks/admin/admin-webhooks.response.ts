import { dateTimeOut, shape, uuidOut, z } from '@lib/common';
import { WEBHOOK_EVENTS } from '../webhook-events';
import { endpointShape, issuedEndpointShape } from '../partner/partner-webhooks.schemas';

const ENDPOINT_EXAMPLE = { id: '7c0a9d7e-1b2f-4c3a-9e8d-5f6a7b8c9d0e', client_id: '9b2c4d6e-8f0a-4b1c-9d2e-3f4a5b6c7d8e' };

/** The console shows an endpoint as partners see it (never its secret), and a newly issued one with its secret once. */
export const adminWebhookEndpointShape = endpointShape;
export type AdminWebhookEndpointOut = z.output<typeof endpointShape>;
export const adminIssuedWebhookEndpointShape = issuedEndpointShape;
export type AdminIssuedWebhookEndpointOut = z.output<typeof issuedEndpointShape>;

/** The test delivery just queued. */
export const ADMIN_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
const DELIVERY_EXAMPLE = {
  id: '5e7a9c1b-3d5f-4a7c-9e1b-3d5f7a9c1e3b',
  endpoint_id: ENDPOINT_EXAMPLE.id,
  client_id: ENDPOINT_EXAMPLE.client_id,
  event_type: 'policy.status_updated',
  policy_id: 7,
  status: 'failed',
  attempt_count: 8,
  next_attempt_at: null,
  in_flight: false,
  last_status_code: 500,
  last_error: 'The endpoint answered 500.',
  delivered_at: null,
  created_at: '2026-11-22T09:00:00.000000Z',
  updated_at: '2026-11-23T09:00:00.000000Z',
};
const deliveryFields = {
  id: uuidOut.meta({ description: 'Also the `webhook-id` header of every attempt.' }),
  endpoint_id: uuidOut,
  client_id: uuidOut,
  event_type: z.enum(WEBHOOK_EVENTS),
  policy_id: z.number().int().nullable(),
  status: z.enum(ADMIN_DELIVERY_STATUSES),
  attempt_count: z.number().int(),
  next_attempt_at: dateTimeOut.nullable().meta({ description: 'When the next attempt is due; null unless pending.' }),
  in_flight: z.boolean(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  delivered_at: dateTimeOut.nullable(),
  created_at: dateTimeOut,
  updated_at: dateTimeOut,
};

/** One event to one endpoint, as the console's deliveries list shows it. */
export const adminWebhookDeliveryShape = shape('AdminWebhookDelivery', z.object(deliveryFields).meta({ example: DELIVERY_EXAMPLE }));
export type AdminWebhookDeliveryOut = z.output<typeof adminWebhookDeliveryShape>;

/** The deliveries a bulk resend made due. */
export const adminWebhookDeliveriesResentShape = shape(
  'AdminWebhookDeliveriesResent',
  z
    .object({ data: z.array(adminWebhookDeliveryShape) })
    .meta({ example: { data: [{ ...DELIVERY_EXAMPLE, status: 'pending', next_attempt_at: '2026-11-23T09:05:00.000000Z' }] } }),
);

const attemptShape = shape(
  'AdminWebhookDeliveryAttempt',
  z.object({
    number: z.number().int(),
    outcome: z.enum(['in_flight', 'delivered', 'failed', 'interrupted']),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int().nullable(),
    response_snippet: z.string().nullable().meta({ description: "The first 1 KB of the endpoint's answer." }),
    error: z.string().nullable(),
    worker: z.string().meta({ description: 'Which worker made the attempt.' }),
    started_at: dateTimeOut,
    finished_at: dateTimeOut.nullable(),
  }),
);

/** A delivery with the body sent and every attempt. */
export const adminWebhookDeliveryWithAttemptsShape = shape(
  'AdminWebhookDeliveryWithAttempts',
  z.object({
    ...deliveryFields,
    payload: z.record(z.string(), z.unknown()).meta({ description: 'The JSON body sent (`{"policy": ...}` or `{"payment": ...}`).' }),
    attempts: z.array(attemptShape).meta({ description: 'Oldest first.' }),
  }),
);
export type AdminWebhookDeliveryWithAttemptsOut = z.output<typeof adminWebhookDeliveryWithAttemptsShape>;
