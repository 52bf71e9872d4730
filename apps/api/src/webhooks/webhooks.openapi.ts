import type { OpenAPIObject } from '@nestjs/swagger';

const policySchema = {
  type: 'object',
  description: 'The motor policy object exactly as `GET /api/v1/car-comp/policies/{carPolicy}` returns it when the event is queued.',
  required: ['id', 'meta_data', 'status', 'created_at'],
  properties: {
    id: { type: 'integer' },
    meta_data: {
      type: 'object',
      properties: {
        extra_data: { type: 'object', nullable: true, description: 'The `extra_data` given at issuance, unchanged.' },
        new_owner_id: { type: 'string' },
        previous_owner_id: { type: 'string' },
        quote_price_id: { type: 'string', format: 'uuid' },
        quote_request_id: { type: 'integer' },
        car_sequence_number: { type: 'integer', nullable: true },
      },
    },
    product_id: { type: 'integer' },
    provider_policy_id: { type: 'string', nullable: true, description: 'Set from status 1 on. Free text: store it as a string.' },
    provider_policy: { type: 'string', nullable: true },
    created_at: { type: 'string', example: '2026-11-22T09:05:00.000000Z' },
    status: { type: 'integer', enum: [0, 1, 2, 4], description: '0 pending payment, 1 issued, 2 cancelled, 4 expired (the term ended).' },
    payment_link: { type: 'string', nullable: true, description: 'Set while status is 0.' },
    price: { type: 'number', nullable: true },
    client_id: { type: 'string', format: 'uuid' },
    start_date: { type: 'string', format: 'date', nullable: true, description: 'Set from status 1 on.' },
    end_date: { type: 'string', format: 'date', nullable: true },
    expiration_date: { type: 'string', format: 'date', nullable: true, description: "The real service's name of `end_date`." },
    purchased_at: { type: 'string', nullable: true, description: 'When the customer paid; null at status 0, set at status 1.' },
    uploaded_at: { type: 'string', nullable: true, description: "The real service's name of `purchased_at`." },
    policy_url: { type: 'string', nullable: true, description: 'The policy schedule PDF, from the documents event on (download with the bearer token).' },
    invoice_url: { type: 'string', nullable: true, description: 'The tax invoice PDF, from the documents event on.' },
    updated_at: { type: 'string' },
  },
};

const envelopeSchema = {
  type: 'object',
  required: ['policy'],
  properties: { policy: { $ref: '#/components/schemas/WebhookPolicy' } },
  example: {
    policy: {
      id: 7,
      meta_data: {
        extra_data: { order: 'A-1001' },
        new_owner_id: '1012345678',
        previous_owner_id: '1012345678',
        quote_price_id: 'f5d52340-1c2b-4d3e-8f9a-0b1c2d3e4f5a',
        quote_request_id: 42,
        car_sequence_number: 123456789,
      },
      product_id: 3,
      provider_policy_id: null,
      provider_policy: null,
      created_at: '2026-11-22T09:05:00.000000Z',
      status: 0,
      payment_link: 'https://api.example.com/pay/9b1d0f3e6a7c4b2d8e5f1a3c7b9d2e4f6a8c0b1d',
      price: 6028.44,
    },
  },
};

const paymentEnvelopeSchema = {
  type: 'object',
  required: ['payment'],
  description: 'A payment link that lapsed unpaid: the payment record exactly as `GET /api/v1/payments` lists it, status `expired`.',
  properties: {
    payment: {
      type: 'object',
      required: ['id', 'status', 'amount', 'currency', 'policy_type', 'policy_id', 'expires_at'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        status: { type: 'string', enum: ['expired'] },
        status_reason: { type: 'string', nullable: true },
        status_message: { type: 'string', nullable: true },
        amount: { type: 'number' },
        currency: { type: 'string', example: 'SAR' },
        vendor_reference: { type: 'string', nullable: true },
        failure_code: { type: 'string', nullable: true, description: "The last card attempt's failure, if one failed before the link lapsed." },
        policy_type: { type: 'string', description: 'The product family (`motor`, `property`, `tpl`, `medical`, `life`, `horse`, `travel`).' },
        policy_id: { type: 'integer', description: 'The policy (medical: the company) the payment was for; ids are per family.' },
        payment_link: { type: 'string', nullable: true, description: 'Always null: the link no longer opens.' },
        expires_at: { type: 'string' },
        paid_at: { type: 'string', nullable: true },
        created_at: { type: 'string' },
        updated_at: { type: 'string' },
        refunded_amount: { type: 'number' },
        refunds: { type: 'array', items: { type: 'object' } },
      },
    },
  },
  example: {
    payment: {
      id: '0d9b4c1e-5d7a-4f0e-9c61-2b7f3f7d9a10',
      status: 'expired',
      status_reason: null,
      status_message: null,
      amount: 1158.3,
      currency: 'SAR',
      vendor_reference: null,
      failure_code: null,
      policy_type: 'property',
      policy_id: 12,
      payment_link: null,
      expires_at: '2026-11-23T09:00:00.000000Z',
      paid_at: null,
      created_at: '2026-11-22T09:00:00.000000Z',
      updated_at: '2026-11-23T09:00:00.000000Z',
      refunded_amount: 0,
      refunds: [],
    },
  },
};

const renewalEnvelopeSchema = {
  type: 'object',
  required: ['policy', 'renewal'],
  description:
    "A policy's renewal is due (`RENEWAL_DUE_DAYS` before its end, 30 by default): the policy exactly as its family's Show Policy returns it, and what re-quoting it needs.",
  properties: {
    policy: {
      type: 'object',
      description: "The policy as its family's Show Policy returns it (the motor shape is `WebhookPolicy`); still status 1.",
      required: ['id', 'status'],
      properties: { id: { type: 'integer' }, status: { type: 'integer', enum: [1] } },
      additionalProperties: true,
    },
    renewal: {
      type: 'object',
      required: ['family', 'ends_at', 'start_date', 'quote_request', 'policy_id', 'price', 'payment_link', 'payment_link_expires_at'],
      properties: {
        family: { type: 'string', description: 'The product family (`motor`, `tpl`, `property`, `travel`, `horse`, `life`, `medical`).' },
        ends_at: { type: 'string', nullable: true, description: 'When the policy expires (status 4, with its `policy.status_updated`).' },
        start_date: { type: 'string', format: 'date', nullable: true, description: 'The first day the renewed cover must start on.' },
        quote_request: {
          type: 'object',
          nullable: true,
          description:
            'Motor: the body of `POST /api/v1/car-comp/quote-requests` for the same vehicle, owner and drivers, without `otp` (the customer confirms again) and ' +
            '`start_date` (send `renewal.start_date` once it is within 27 days). Null for the other families: the policy says what to quote again.',
          properties: {
            owner_id: { type: 'string' },
            email: { type: 'string' },
            phone: { type: 'string' },
            birthdate: { type: 'string' },
            car_sequence_number: { type: 'string' },
            custom_number: { type: 'string' },
            maker_code: { type: 'integer' },
            model_code: { type: 'integer' },
            body_type_code: { type: 'integer' },
            is_ownership_transfer: { type: 'boolean', enum: [false] },
            car_estimated_cost: { type: 'number' },
            car_model_year: { type: 'integer' },
            drivers: { type: 'array', items: { type: 'object' } },
          },
        },
        policy_id: {
          type: 'integer',
          nullable: true,
          description:
            "Property: the next term's policy, written with this notice (status 0 until paid, `renewal_of` the policy above, starting on its " +
            '`end_date`). Paying `payment_link` activates it like any property policy (`policy.status_updated` with status 1). Null for the other families.',
        },
        price: {
          type: 'number',
          nullable: true,
          description:
            "Property: the insurer's price for the next term, premium with 15% VAT (SAR), priced live by the same insurer. Null for the other families.",
        },
        payment_link: { type: 'string', nullable: true, description: 'Property: the payment page for the next term. Null for the other families.' },
        payment_link_expires_at: {
          type: 'string',
          format: 'date-time',
          nullable: true,
          description:
            'Property: the link is open until the current term ends (`ends_at`); unpaid by then it lapses (`payment.expired`). Null for the other families.',
        },
      },
    },
  },
  example: {
    policy: { id: 7, status: 1, start_date: '2026-11-23', end_date: '2027-11-22', provider_policy_id: '1795338061000' },
    renewal: {
      family: 'motor',
      ends_at: '2027-11-23T00:00:00.000000Z',
      start_date: '2027-11-23',
      quote_request: {
        owner_id: '1012345678',
        email: 'owner@example.com',
        phone: '0512345678',
        birthdate: '1405-03-10',
        car_sequence_number: '123456789',
        is_ownership_transfer: false,
        car_estimated_cost: 80000,
        car_model_year: 2024,
      },
      policy_id: null,
      price: null,
      payment_link: null,
      payment_link_expires_at: null,
    },
  },
};

const headers = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'The delivery id; the same on every retry and resend. Use it to drop duplicates.',
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'Unix seconds when this attempt was signed. Refuse values more than 5 minutes from your clock.',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: '`v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{raw body}` with the endpoint secret (see "Webhooks" above).',
  },
  {
    name: 'webhook-event',
    in: 'header',
    required: true,
    schema: { type: 'string', enum: ['policy.status_updated', 'policy.documents_updated', 'payment.expired', 'policy.renewal_due'] },
  },
  {
    name: 'x-webhook-url',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: "The endpoint's static key, as the real service sends it (for receivers that check only that).",
  },
  {
    name: 'x-webhook-key',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: "The same static key under the name some of the real service's docs use.",
  },
];

const event = (summary: string, description: string, body = 'WebhookPolicyEnvelope') => ({
  post: {
    summary,
    description,
    parameters: headers,
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${body}` } } } },
    responses: {
      '2XX': { description: 'Accepted. Anything else is a failed attempt.' },
      '4XX': { description: 'Final: not retried (except 408 and 429).' },
      '5XX': { description: 'Retried with backoff, as are timeouts and network errors.' },
    },
  },
});

export const WEBHOOKS_DESCRIPTION = `

## Webhooks
Register an endpoint (an https URL; in sandbox http and local addresses work too) for a client in the console or
through the admin API (\`POST /admin/api/webhook-endpoints\`). The answer shows the endpoint's signing \`secret\`
(\`whsec_...\`) and its static key once. Two policy events, each a \`POST\` with the JSON body \`{"policy": {...}}\` (the
policy exactly as Show Policy returns it, \`meta_data.extra_data\` included):

- \`policy.status_updated\`: status 0 with \`payment_link\` at issuance, then status 1 with \`provider_policy_id\` after payment;
  status 2 at cancellation; status 4 when the policy's term ends (every family with a term);
- \`policy.documents_updated\`: when the policy documents are attached.

And two events sent only to endpoints that subscribe to them by name (the default is the two above):
\`payment.expired\`, body \`{"payment": {...}}\` (the record as \`GET /api/v1/payments\` lists it), when a payment link lapses
unpaid; \`policy.renewal_due\`, body \`{"policy": {...}, "renewal": {...}}\` (schema \`WebhookRenewalEnvelope\`),
\`RENEWAL_DUE_DAYS\` (30 by default) before a policy's end, with what re-quoting it needs. The time-driven events are fired by
the service at the due time (within \`DUE_EVENTS_POLL_MS\`), or in the sandbox when a test clock the resource runs on is
advanced past it.

Every request carries \`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\` (Standard Webhooks) and the static key in
\`x-webhook-url\` (alias \`x-webhook-key\`). Verify the signature over the raw body:

\`\`\`js
const crypto = require('node:crypto');
function verify(secret, headers, rawBody) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = \`\${headers['webhook-id']}.\${headers['webhook-timestamp']}.\${rawBody}\`;
  const expected = 'v1,' + crypto.createHmac('sha256', key).update(signed).digest('base64');
  const fresh = Math.abs(Date.now() / 1000 - Number(headers['webhook-timestamp'])) <= 300;
  return fresh && headers['webhook-signature'].split(' ').some((s) =>
    s.length === expected.length && crypto.timingSafeEqual(Buffer.from(s), Buffer.from(expected)));
}
\`\`\`

Answer 2xx within 10 seconds. A 4xx (other than 408 and 429) is final; a 5xx, a timeout or a network error is retried
after about 1 min, 4 min, 16 min, 64 min, 4.3 h, then every 6 h (±20 % jitter), 8 attempts in all. Deliveries are at
least once and may arrive out of order: deduplicate on \`webhook-id\` and trust the \`status\` in the body. The payloads
are described under \`x-webhooks\` and the schema \`WebhookPolicyEnvelope\`.`;

/** Describes the outgoing webhooks: payload schemas, the `x-webhooks` operations (OpenAPI 3.0 has no `webhooks`) and the verification recipe. */
export function addWebhookDocs(document: OpenAPIObject): void {
  document.info.description = (document.info.description ?? '') + WEBHOOKS_DESCRIPTION;
  document.components ??= {};
  document.components.schemas ??= {};
  document.components.schemas.WebhookPolicy = policySchema as never;
  document.components.schemas.WebhookPolicyEnvelope = envelopeSchema as never;
  document.components.schemas.WebhookPaymentEnvelope = paymentEnvelopeSchema as never;
  document.components.schemas.WebhookRenewalEnvelope = renewalEnvelopeSchema as never;
  (document as unknown as Record<string, unknown>)['x-webhooks'] = {
    'policy.status_updated': event(
      'Policy status updated',
      'Sent at issuance (status 0, with `payment_link`), when the policy is issued after payment (status 1, with `provider_policy_id`), at cancellation (status 2) and when the policy term ends (status 4, expired: the day after its last day of cover; property at its `end_date`).',
    ),
    'policy.documents_updated': event('Policy documents updated', 'Sent when the policy documents (`policy_url`, `invoice_url`) are attached.'),
    'payment.expired': event(
      'Payment link lapsed',
      'Sent once when a payment link reaches its `expires_at` unpaid: the payment is `expired`. Only to endpoints subscribed to `payment.expired`. Money the vendor confirms later for it is still applied or refunded (see Payments).',
      'WebhookPaymentEnvelope',
    ),
    'policy.renewal_due': event(
      'Policy renewal due',
      "Sent once, `RENEWAL_DUE_DAYS` (30 by default; per family `RENEWAL_DUE_DAYS_<FAMILY>`) before an active policy's end: the policy as Show Policy returns it and what re-quoting it needs (motor: a new quote request's fields; property: the insurer's price for the next term and the payment link that buys it, open until the term ends). Only to endpoints subscribed to `policy.renewal_due`. Not sent for a policy cancelled before, or whose whole term is shorter than the notice.",
      'WebhookRenewalEnvelope',
    ),
  };
}
