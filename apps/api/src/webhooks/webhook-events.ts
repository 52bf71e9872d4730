/**
 * The spec's two events (a policy's status changed; its documents changed) and the service's own `payment.expired`
 * (a payment link lapsed unpaid) and `policy.renewal_due` (a policy's end is near; docs/due-events.md). Endpoints
 * receive only the events they subscribe to, so an endpoint subscribed to the spec's two never sees the others.
 */
export const WEBHOOK_EVENTS = ['policy.status_updated', 'policy.documents_updated', 'payment.expired', 'policy.renewal_due'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/**
 * What an endpoint registered without `events` subscribes to: the spec's two, whose body is `{"policy": ...}`, so a
 * receiver written for the real service never gets a body it does not know; the service's own events are asked for by name.
 */
export const DEFAULT_WEBHOOK_EVENTS: WebhookEventType[] = ['policy.status_updated', 'policy.documents_updated'];

/**
 * What a policy event reports. `policy` is exactly the object Show Policy returns at that moment (including
 * `meta_data.extra_data`); the body sent is the real service's envelope `{"policy": {...}}`.
 */
export interface PolicyWebhookEvent {
  clientId: string;
  /** The product family of the policy (`payments.policy_type`), so staff see the deliveries on the policy's page; null for a test event. */
  family: string | null;
  type: Exclude<WebhookEventType, 'payment.expired' | 'policy.renewal_due'>;
  policy: { id: number } & Record<string, unknown>;
}

/**
 * A policy whose end is near: the policy exactly as Show Policy answers it and what the partner needs to offer the
 * renewal (`renewal`: when it ends and, for motor, the fields of a new quote request), sent as `{"policy", "renewal"}`.
 */
export interface RenewalWebhookEvent {
  clientId: string;
  family: string | null;
  type: 'policy.renewal_due';
  policy: { id: number } & Record<string, unknown>;
  renewal: Record<string, unknown>;
}

/** What a payment event reports: the payment record exactly as `GET /payments` lists it, sent as `{"payment": {...}}`. */
export interface PaymentWebhookEvent {
  clientId: string;
  /** The payment's `policy_type`; null for a test event. */
  family: string | null;
  type: 'payment.expired';
  payment: { id: string; policy_id: number } & Record<string, unknown>;
}

export type WebhookEvent = PolicyWebhookEvent | PaymentWebhookEvent | RenewalWebhookEvent;

export function envelope(event: Pick<PolicyWebhookEvent, 'policy'>): { policy: Record<string, unknown> } {
  return { policy: event.policy };
}

/** The body of an event and the policy it is filed under (the console shows a payment's events on its policy's page). */
export function bodyOf(event: WebhookEvent): { body: Record<string, unknown>; policyId: number } {
  if ('payment' in event) return { body: { payment: event.payment }, policyId: event.payment.policy_id };
  if ('renewal' in event) return { body: { policy: event.policy, renewal: event.renewal }, policyId: event.policy.id };
  return { body: envelope(event), policyId: event.policy.id };
}
