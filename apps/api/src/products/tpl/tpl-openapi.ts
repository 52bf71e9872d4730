import { REFUND_PAYOUT_DOC } from '../../payments/refunds/refunds';

/** OpenAPI pieces of the TPL v2 routes, kept out of the controllers. */
export const TPL_POLICY_EXAMPLE = {
  id: 12,
  status: 0,
  meta_data: {
    vin: '1HGCM82633A004352',
    email: 'buyer@example.com',
    car_sequence_number: '123456789',
    current_car_owner: '1012345678',
    new_owner_id: '1098765432',
    istimarah: 'https://api.example.com/files/0b6f3c2e-7d1a-4c55-9a0e-1e4d5c6b7a80.pdf',
    extra_fields: { order: 'A-1001' },
  },
  product_id: 8,
  insurance_company_id: 'dune',
  provider_policy_id: null,
  price: 977.5,
  payment_link: 'https://api.example.com/pay/9b1d0f3e6a7c4b2d8e5f1a3c7b9d2e4f6a8c0b1d',
  start_date: null,
  end_date: null,
  refund_amount: null,
  uploaded_at: '2026-11-22T09:05:00.000000Z',
  purchased_at: null,
  policy_url: null,
  invoice_url: null,
  redirect_url: null,
  transfer_date_at: null,
  cancellation_request_at: null,
  cancellation_confirmed_at: null,
  canceled_at: null,
  created_at: '2026-11-22T09:05:00.000000Z',
  updated_at: '2026-11-22T09:05:00.000000Z',
};

export const STATUS_DOC =
  "`status`: 0 pending issuance (awaiting payment through `payment_link`), 1 issued (paid; `provider_policy_id` is the insurer's policy number), " +
  '2 canceled, 3 on hold. The sandbox insurer puts a policy on hold when the vehicle registry does not know the istimarah (by its content) ' +
  'or it shows another VIN, sequence number or current owner: `meta_data.incorrect_info_message` says what to correct, no payment link is ' +
  'issued, and the policy does not count as active, so the partner issues again with the corrected details (the real service moves it back ' +
  'to 0 itself; here a new issuance replaces that step). A pending policy whose payment link lapsed unpaid stops holding the VIN: ' +
  'it is closed (status 2) when the same VIN or sequence number is issued again. Once paid, the certificate and the tax invoice are produced ' +
  '(`policy_url`, `invoice_url`, then a `policy.documents_updated` webhook). `transfer_date_at` is when the partner cancelled with the post-transfer ' +
  'registration (the transfer), `cancellation_request_at` and `cancellation_confirmed_at` when the cancellation was asked and confirmed (at once here).';

const file = (d: string) => ({ type: 'string', format: 'binary', description: d });

export const ISSUE_BODY = {
  type: 'object',
  required: ['email', 'vin', 'car_sequence_number', 'current_car_owner', 'new_owner_id', 'istimarah'],
  properties: {
    email: {
      type: 'string',
      format: 'email',
      maxLength: 255,
      description: "The buyer's email. Checked as an email address (the real service also requires the client's approved domain; not enforced here).",
    },
    vin: {
      type: 'string',
      pattern: '^[A-HJ-NPR-Z0-9]{17}$',
      description:
        '17 characters (no I, O or Q; any case); the ISO 3779 check digit is verified for North-American VINs (starting 1-5). One active (pending or issued) policy per VIN.',
    },
    car_sequence_number: {
      type: 'string',
      pattern: '^\\d{8,9}$',
      description: 'The registration sequence number, 8 or 9 digits. One active (pending or issued) policy per sequence number, as per VIN.',
    },
    current_car_owner: {
      type: 'string',
      pattern: '^[127]\\d{9}$',
      description: "The seller: a national id (1...), an iqama (2...) or a company's unified number (7...).",
    },
    new_owner_id: { type: 'string', pattern: '^[12]\\d{9}$', description: "The buyer's id; must differ from `current_car_owner`." },
    istimarah: file('The vehicle registration: PDF, JPG or PNG of at most 10 MB, judged by content (file name and declared type ignored).'),
    extra_fields: { type: 'string', maxLength: 255, description: 'Optional JSON object as text, at most 255 characters; kept in `meta_data.extra_fields`.' },
    redirect_url: {
      type: 'string',
      format: 'uri',
      maxLength: 2048,
      description: 'Optional: where the payment page sends the customer once paid; `policyID` in its query string becomes the policy id.',
    },
  },
};

export const CANCEL_BODY = {
  type: 'object',
  required: ['cancellation_document'],
  properties: {
    cancellation_document: file('The updated vehicle information document issued after the transfer: PDF, JPG or PNG, at most 10 MB.'),
  },
};

export const CANCEL_BY_VIN_BODY = {
  type: 'object',
  required: ['vin', 'email', 'cancellation_document'],
  properties: {
    vin: { type: 'string', description: 'The VIN of the policy to cancel.' },
    email: { type: 'string', format: 'email', description: "The policy's email (must match)." },
    ...CANCEL_BODY.properties,
  },
};

export const CANCEL_DOC =
  'The document is identified by its content (SHA-256) in the vehicle registry, the source of truth for what it says. It must show the ' +
  "policy's VIN and sequence number, an owner other than `current_car_owner`, and the ownership transfer complete; otherwise 422 " +
  '`{"code":"42201","message":"The cancellation document is incorrect. Please upload a new one.","details":{...}}` naming `vin`, ' +
  '`car_sequence_number` and/or `owner_id` (or `cancellation_document` when the registry does not know it). Only an issued policy (status 1) ' +
  'can be canceled: pending or on-hold is 409, already canceled is 400 `40010`. Answers 200 with the policy (status 2, `canceled_at`, and ' +
  '`refund_amount`: the unused share of `price`, pro rata by day of cover). ' +
  REFUND_PAYOUT_DOC +
  ' The real service writes `code` as a number in this 422; here it is ' +
  'the string "42201" like every other error.';
