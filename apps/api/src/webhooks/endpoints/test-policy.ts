import { formatDateTime } from '@lib/common';

/** The policy a test event carries when the client has none yet: clearly fictional (id 0). */
export function fictionalPolicy(publicBaseUrl: string, now: Date) {
  return {
    id: 0,
    meta_data: {
      extra_data: { test: true },
      new_owner_id: '1000000000',
      previous_owner_id: '1000000000',
      quote_price_id: '00000000-0000-4000-8000-000000000000',
      quote_request_id: 0,
      car_sequence_number: 100000000,
    },
    product_id: 2,
    provider_policy_id: null,
    provider_policy: null,
    created_at: formatDateTime(now),
    status: 0,
    payment_link: `${publicBaseUrl}/pay/test`,
    price: 1000,
  };
}

/** The payment a `payment.expired` test event carries: clearly fictional (nil id, policy 0), in GET /payments' shape. */
export function fictionalPayment(now: Date) {
  const at = formatDateTime(now);
  return {
    id: '00000000-0000-0000-0000-000000000000',
    status: 'expired',
    status_reason: null,
    status_message: null,
    amount: 1000,
    currency: 'SAR',
    vendor_reference: null,
    failure_code: null,
    policy_type: 'motor',
    policy_id: 0,
    payment_link: null,
    expires_at: at,
    paid_at: null,
    created_at: at,
    updated_at: at,
    refunded_amount: 0,
    refunds: [],
  };
}

/** The `renewal` a `policy.renewal_due` test event carries: an end 30 days from now, no quote request (it names no real vehicle). */
export function fictionalRenewal(now: Date) {
  const ends = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 30));
  return {
    family: 'motor',
    ends_at: formatDateTime(ends),
    start_date: ends.toISOString().slice(0, 10),
    quote_request: null,
    policy_id: null,
    price: null,
    payment_link: null,
    payment_link_expires_at: null,
  };
}
