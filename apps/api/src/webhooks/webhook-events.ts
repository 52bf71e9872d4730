/** The two events of the spec: a policy's status changed; its documents (policy, invoice) changed. */
export const WEBHOOK_EVENTS = ['policy.status_updated', 'policy.documents_updated'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/**
 * What one event reports. `policy` is exactly the object Show Policy returns at that moment (including
 * `meta_data.extra_data`); the body sent is the real service's envelope `{"policy": {...}}`.
 */
export interface WebhookEvent {
  clientId: string;
  /** The product family of the policy (`payments.policy_type`), so staff see the deliveries on the policy's page; null for a test event. */
  family: string | null;
  type: WebhookEventType;
  policy: { id: number } & Record<string, unknown>;
}

export function envelope(event: Pick<WebhookEvent, 'policy'>): { policy: Record<string, unknown> } {
  return { policy: event.policy };
}
