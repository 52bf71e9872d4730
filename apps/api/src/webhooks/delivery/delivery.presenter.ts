import { formatDateTime, formatNullableDateTime } from '@lib/common';
import type { WebhookDelivery, WebhookDeliveryAttempt } from '@lib/db/generated/prisma/client';

/** A delivery as the console and the partner's own webhook tools show it. */
export function presentDelivery(d: WebhookDelivery) {
  return {
    id: d.id,
    endpoint_id: d.endpointId,
    client_id: d.clientId,
    event_type: d.eventType,
    policy_id: d.policyId,
    status: d.status,
    attempt_count: d.attempts,
    next_attempt_at: d.status === 'pending' ? formatDateTime(d.nextAttemptAt) : null,
    in_flight: d.lockedUntil !== null,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    delivered_at: formatNullableDateTime(d.deliveredAt),
    created_at: formatDateTime(d.createdAt),
    updated_at: formatDateTime(d.updatedAt),
  };
}

export function presentAttempt(a: WebhookDeliveryAttempt) {
  return {
    number: a.number,
    outcome: a.outcome,
    status_code: a.statusCode,
    duration_ms: a.durationMs,
    response_snippet: a.responseSnippet,
    error: a.error,
    worker: a.worker,
    started_at: formatDateTime(a.startedAt),
    finished_at: formatNullableDateTime(a.finishedAt),
  };
}

export function presentDeliveryWithAttempts(found: { delivery: WebhookDelivery; attempts: WebhookDeliveryAttempt[] }) {
  return { ...presentDelivery(found.delivery), payload: JSON.parse(found.delivery.body) as unknown, attempts: found.attempts.map(presentAttempt) };
}

/**
 * A delivery as a partner sees it (the sandbox API, the portal): every attempt, but not which of our workers made
 * it (a host name and process id are ours, not the partner's).
 */
export function presentPartnerDelivery(found: { delivery: WebhookDelivery; attempts: WebhookDeliveryAttempt[] }) {
  return {
    ...presentDelivery(found.delivery),
    payload: JSON.parse(found.delivery.body) as Record<string, unknown>,
    attempts: found.attempts.map((a) => {
      const { worker: _worker, ...rest } = presentAttempt(a);
      return rest;
    }),
  };
}
