import { httpClient } from '../../../admin/src/providers/httpClient';

/** The portal API; every call goes through the console's client (same-origin cookie, CSRF header, 422 details). */
export const API = '/portal/api';
export { httpClient };

export interface Me {
  id: string;
  email: string;
  role: 'owner' | 'developer' | 'viewer';
  client_id: string;
  client_name: string;
  permissions: Record<'read' | 'rotate_secret' | 'manage_webhooks' | 'manage_users', boolean>;
}

export interface PortalClient {
  client_id: string;
  name: string;
  active: boolean;
  products: string[];
  secret_rotated_at: string;
}

export interface Invitation {
  email: string;
  role: Me['role'];
  client_name: string;
  expires_at: string;
}

export const WEBHOOK_EVENTS = ['policy.status_updated', 'policy.documents_updated', 'payment.expired'] as const;
/** What a new endpoint subscribes to unless the partner chooses: the spec's two (as the API's default). */
export const DEFAULT_WEBHOOK_EVENTS = ['policy.status_updated', 'policy.documents_updated'] as const;

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  active: boolean;
  secret_version: number;
  disabled_at: string | null;
  created_at: string;
}

/** An endpoint as registration and rotation answer it: the signing secret and static key, this once. */
export type IssuedEndpoint = WebhookEndpoint & { secret: string; static_key: string };

export interface WebhookAttempt {
  number: number;
  outcome: 'in_flight' | 'delivered' | 'failed' | 'interrupted';
  status_code: number | null;
  duration_ms: number | null;
  response_snippet: string | null;
  error: string | null;
  started_at: string;
}

export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  event_type: string;
  policy_id: number | null;
  status: 'pending' | 'delivered' | 'failed';
  attempt_count: number;
  next_attempt_at: string | null;
  in_flight: boolean;
  last_status_code: number | null;
  delivered_at: string | null;
  created_at: string;
  payload?: unknown;
  attempts?: WebhookAttempt[];
}

async function post<T>(path: string, body?: unknown): Promise<T> {
  const { json } = await httpClient(`${API}${path}`, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
  return json as T;
}

/** The portal's own calls beside the users resource. */
/** One partner API call of the request log (GET /portal/api/requests). */
export interface RequestLogEntry {
  id: string;
  created_at: string;
  method: string;
  route: string;
  path: string;
  status: number;
  latency_ms: number;
  request_id: string;
  idempotency_key: string | null;
  error_body: Record<string, unknown> | null;
  /** Only when read one at a time (GET /portal/api/requests/{id}). */
  request_body?: Record<string, unknown> | null;
  response_body?: Record<string, unknown> | null;
}

/** One policy of any family (GET /portal/api/policies); `id` is `<family>-<policy id>`. */
export interface PortalPolicy {
  id: string;
  family: string;
  policy_id: number;
  status: 'pending' | 'active' | 'cancelled' | 'on_hold' | 'expired';
  policy_number: string | null;
  insured: string | null;
  premium: string;
  insurer: string;
  start_date: string | null;
  end_date: string | null;
  issued_at: string | null;
  created_at: string;
}

export interface PortalRefund {
  id: string;
  amount: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  reason: string | null;
  vendor_refund_id: string | null;
  created_at: string;
  refunded_at: string | null;
  payment_id: string;
  policy_type: string;
  policy_id: number;
}

export interface PortalPayment {
  id: string;
  status: string;
  status_reason: string | null;
  status_message: string | null;
  amount: number;
  currency: string;
  vendor_reference: string | null;
  failure_code: string | null;
  policy_type: string;
  policy_id: number;
  payment_link: string | null;
  expires_at: string;
  paid_at: string | null;
  created_at: string;
  refunded_amount: number;
  refunds: Omit<PortalRefund, 'payment_id' | 'policy_type' | 'policy_id'>[];
}

export interface PortalClaim {
  id: number;
  family: string;
  policy_id: number;
  policy: string;
  claim_type: string;
  status: 'submitted' | 'under_review' | 'approved' | 'rejected' | 'paid';
  incident_date: string;
  requested_amount: string;
  approved_amount: string | null;
  paid_amount: string | null;
  status_history: { status: string; at: string }[];
  created_at: string;
  updated_at: string;
}

/** GET /portal/api/overview. */
export interface PortalOverview {
  from: string;
  months: string[];
  premium_by_month: { month: string; family: string; premium: string; policies: number }[];
  insurers: {
    family: string;
    insurer: string;
    quote_requests: number;
    offered: number;
    policies: number;
    answers: number;
    p50_ms: number | null;
    p95_ms: number | null;
  }[];
}

export const FAMILIES = ['motor', 'tpl', 'property', 'travel', 'medical', 'life', 'horse'] as const;

export const portalApi = {
  overview: async (months = 12) => (await httpClient(`${API}/overview?months=${months}`)).json as PortalOverview,
  client: async () => (await httpClient(`${API}/client`)).json as PortalClient,
  rotateSecret: () => post<PortalClient & { client_secret: string }>('/client/rotate-secret'),
  invitation: (token: string) => post<Invitation>('/auth/invitation', { token }),
  acceptInvitation: (token: string, password: string) => post<{ email: string }>('/auth/accept-invitation', { token, password }),
  rotateWebhookSecret: (id: string) => post<IssuedEndpoint>(`/webhook-endpoints/${encodeURIComponent(id)}/rotate-secret`),
  sendTestEvent: (id: string) => post<{ delivery_id: string }>(`/webhook-endpoints/${encodeURIComponent(id)}/test`, {}),
  replayDelivery: (id: string) => post<WebhookDelivery>(`/webhook-deliveries/${encodeURIComponent(id)}/replay`),
  replayDeliveries: (ids: string[]) => post<{ data: WebhookDelivery[] }>('/webhook-deliveries/replay', { ids }),
};
