import { pageQueryShape, z } from '@lib/common';
import { DEFAULT_WEBHOOK_EVENTS, WEBHOOK_EVENTS } from '../webhook-events';

/**
 * A partner's own webhook tools, written once for the sandbox API and the portal: what they take (validation and
 * the OpenAPI request bodies) and what they answer (the OpenAPI response schemas, and what the e2e tests parse).
 */

export const doc = (schema: z.ZodType, io: 'input' | 'output' = 'output') => z.toJSONSchema(schema, { target: 'openapi-3.0', io }) as object;

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
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const deliveriesQuery = z.strictObject({
  ...pageQueryShape,
  endpoint_id: z.uuid({ error: "The endpoint_id must be a webhook endpoint's id." }).optional(),
  status: z.enum(DELIVERY_STATUSES, { error: `The status must be one of: ${DELIVERY_STATUSES.join(', ')}.` }).optional(),
});

export const endpointSchema = z.strictObject({
  id: z.uuid(),
  client_id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  active: z.boolean(),
  /** 1 at registration, one more at each rotation of the signing secret. */
  secret_version: z.number().int(),
  disabled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const endpointListSchema = z.array(endpointSchema);

export const issuedEndpointSchema = endpointSchema.extend({
  /** `whsec_...`: the HMAC-SHA256 signing secret, shown once (stored encrypted). */
  secret: z.string(),
  /** Sent in `x-webhook-url` and `x-webhook-key` on every delivery; shown once. */
  static_key: z.string(),
});

export const testQueuedSchema = z.strictObject({ delivery_id: z.uuid() });

export const deliverySchema = z.strictObject({
  id: z.uuid(),
  endpoint_id: z.uuid(),
  client_id: z.uuid(),
  event_type: z.string(),
  policy_id: z.number().int().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempt_count: z.number().int(),
  /** When the next attempt is due; null unless pending. */
  next_attempt_at: z.string().nullable(),
  in_flight: z.boolean(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const attemptSchema = z.strictObject({
  number: z.number().int(),
  outcome: z.enum(['in_flight', 'delivered', 'failed', 'interrupted']),
  status_code: z.number().int().nullable(),
  /** How long the endpoint took to answer. */
  duration_ms: z.number().int().nullable(),
  /** The first 1 KB of the endpoint's answer. */
  response_snippet: z.string().nullable(),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});

export const deliveryWithAttemptsSchema = deliverySchema.extend({
  /** The JSON body sent, as the endpoint received it. */
  payload: z.record(z.string(), z.unknown()),
  /** Oldest first. */
  attempts: z.array(attemptSchema),
});

export const deliveryPageSchema = z.strictObject({ data: z.array(deliverySchema), total: z.number().int() });

export type PresentedEndpoint = z.infer<typeof endpointSchema>;
export type PresentedDelivery = z.infer<typeof deliverySchema>;
export type PresentedAttempt = z.infer<typeof attemptSchema>;
