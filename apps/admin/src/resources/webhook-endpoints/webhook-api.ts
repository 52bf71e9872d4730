import { API, httpClient } from '../../providers/httpClient';

/** The endpoint and delivery actions that are not CRUD; answers are JSON objects. */
export async function webhookAction(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const { json } = await httpClient(`${API}/${path}`, { method: 'POST', ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return json as Record<string, unknown>;
}

export const WEBHOOK_EVENTS = ['policy.status_updated', 'policy.documents_updated', 'payment.expired', 'policy.renewal_due'] as const;
/** What a new endpoint is subscribed to unless staff choose: the spec's two (as the API's default). */
export const DEFAULT_WEBHOOK_EVENTS = ['policy.status_updated', 'policy.documents_updated'] as const;
