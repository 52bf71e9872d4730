import { dateTimeOut, pageQueryShape, paginated, requestBodySchema, shape, uuidOut, z } from '@lib/common';
import { DEFAULT_WEBHOOK_EVENTS, WEBHOOK_EVENTS } from '../webhook-events';

/**
 * A partner's own webhook tools, written once for the sandbox API and the portal: what they take (validation and
 * the OpenAPI request bodies) and what they answer (named response shapes: the OpenAPI components, the routes'
 * serializers, and what the e2e tests parse).
 */

export const doc = (schema: z.ZodType) => requestBodySchema(schema);

export const webhookEvent = z.enum(WEBHOOK_EVENTS, { error: `The event must be one of: ${WEBHOOK_EVENTS.join(', ')}.` });
const events = z
  .array(webhookEvent)
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENTS.length * 2);
const url = z.string().trim().min(1, 'The url is required.').max(2048);
const description = z.string().trim().max(255).nullish();

export const createEndpointBody = z.strictObject({ url, events: events.default([...DEFAULT_WEBHOOK_EVENTS]), description });
/** Every field optional; `active: false` disables the endpoint (no new events, its pending deliveries end as failed). */
export const changeEndpointBody = z.strictObject({ url: url.optional(), events: events.optional(), description, active: z.boolean().optional() });
export const testEventBody = z.strictObject({ event: webhookEvent.default('policy.status_updated') });
export const endpointParam = z.strictObject({ id: z.uuid({ error: "The id must be a webhook endpoint's id." }) });
export const deliveryParam = z.strictObject({ id: z.uuid({ error: "The id must be a delivery's id." }) });

/** The most deliveries one bulk replay takes: a page of the list at most. */
export const REPLAY_MAX = 100;
export const replayManyBody = z.strictObject({
  ids: z
    .array(z.uuid({ error: 'Each id must be a delivery id.' }), { error: 'The ids field must be a list of delivery ids.' })
    .min(1, 'Select at least one delivery.')
    .max(REPLAY_MAX, `At most ${REPLAY_MAX} deliveries at once.`),
});
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const deliveriesQuery = z.strictObject({
  ...pageQueryShape,
  endpoint_id: z.uuid({ error: "The endpoint_id must be a webhook endpoint's id." }).optional(),
  status: z.enum(DELIVERY_STATUSES, { error: `The status must be one of: ${DELIVERY_STATUSES.join(', ')}.` }).optional(),
});

const ENDPOINT_EXAMPLE = {
  id: '7c0a9d7e-1b2f-4c3a-9e8d-5f6a7b8c9d0e',
  client_id: '44efa27f-2a0b-4f4e-9a43-5cf1e3b0c2d1',
  url: 'https://partner.example.com/hooks/insurance',
  description: 'Orders service',
  events: ['policy.status_updated', 'policy.documents_updated'],
  active: true,
  secret_version: 1,
  disabled_at: null,
  created_at: '2026-11-22T09:00:00.000000Z',
  updated_at: '2026-11-22T09:00:00.000000Z',
};

const endpointFields = {
  id: uuidOut,
  client_id: uuidOut,
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(webhookEvent),
  active: z.boolean(),
  secret_version: z.number().int().meta({ description: '1 at registration, one more at each rotation of the signing secret.' }),
  disabled_at: dateTimeOut.nullable(),
  created_at: dateTimeOut,
  updated_at: dateTimeOut,
};

/** A webhook endpoint, never its secrets. */
export const endpointShape = shape('WebhookEndpoint', z.strictObject(endpointFields).meta({ example: ENDPOINT_EXAMPLE }));
export const endpointListShape = shape('WebhookEndpointList', z.array(endpointShape));

/** An endpoint as registration and rotation answer it: its signing secret and static key, this once. */
export const issuedEndpointShape = shape(
  'IssuedWebhookEndpoint',
  z
    .strictObject({
      ...endpointFields,
      secret: z.string().meta({ description: '`whsec_...`: the HMAC-SHA256 signing secret, shown once (stored encrypted).' }),
      static_key: z.string().meta({ description: 'Sent in `x-webhook-url` and `x-webhook-key` on every delivery; shown once.' }),
    })
    .meta({ example: { ...ENDPOINT_EXAMPLE, secret: 'whsec_...', static_key: 'wk_...' } }),
);

export const testQueuedShape = shape('WebhookTestQueued', z.strictObject({ delivery_id: uuidOut }));

const deliveryFields = {
  id: uuidOut.meta({ description: 'Also the `webhook-id` header of every attempt (receivers deduplicate on it).' }),
  endpoint_id: uuidOut,
  client_id: uuidOut,
  event_type: webhookEvent,
  policy_id: z.number().int().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempt_count: z.number().int(),
  next_attempt_at: dateTimeOut.nullable().meta({ description: 'When the next attempt is due; null unless pending.' }),
  in_flight: z.boolean(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  delivered_at: dateTimeOut.nullable(),
  created_at: dateTimeOut,
  updated_at: dateTimeOut,
};

/** One event to one endpoint: the row every attempt belongs to. */
export const deliveryShape = shape('WebhookDelivery', z.strictObject(deliveryFields));
export const deliveryPageShape = paginated('WebhookDeliveryPage', deliveryShape);
export const deliveriesReplayedShape = shape('WebhookDeliveriesReplayed', z.strictObject({ data: z.array(deliveryShape) }));

/** One attempt as a partner sees it (not which of our workers made it). */
export const attemptShape = shape(
  'WebhookDeliveryAttempt',
  z.strictObject({
    number: z.number().int(),
    outcome: z.enum(['in_flight', 'delivered', 'failed', 'interrupted']),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int().nullable().meta({ description: 'How long the endpoint took to answer.' }),
    response_snippet: z.string().nullable().meta({ description: "The first 1 KB of the endpoint's answer." }),
    error: z.string().nullable(),
    started_at: dateTimeOut,
    finished_at: dateTimeOut.nullable(),
  }),
);

export const deliveryWithAttemptsShape = shape(
  'WebhookDeliveryWithAttempts',
  z.strictObject({
    ...deliveryFields,
    payload: z.record(z.string(), z.unknown()).meta({ description: 'The JSON body sent, as the endpoint received it.' }),
    attempts: z.array(attemptShape).meta({ description: 'Oldest first.' }),
  }),
);
