import { data } from './context';
import type { Policy } from '@shared/embed-page';

/** The messages to the framing page and their own fields (docs/motor.md "Messages to the partner page"). */
interface Messages {
  ready: { offers: number };
  offers_complete: { offers: number };
  resize: { height: number };
  policy_issued: { policy: Pick<Policy, 'id' | 'status' | 'price' | 'payment_link' | 'created_at'> };
  expired: Record<string, never>;
}

/** Messages to the framing page, only ever to the origin registered for the session. */
export function tell<K extends keyof Messages>(type: K, extra: Messages[K]): void {
  if (!('platform' in data) || data.platform !== 'web' || !data.parent_origin || window.parent === window) return;
  const message = { source: 'insurance-embed', version: 1, type, session_id: data.session_id, quote_request_id: data.quote_request_id, ...extra };
  window.parent.postMessage(message, data.parent_origin);
}
