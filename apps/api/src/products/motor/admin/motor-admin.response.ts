import { amountTextOut, dateTimeOut, intIdOut, shape, uuidOut, z } from '@lib/common';
import { QUOTE_REQUEST_STATUSES } from './quote-request-admin.repository';

const masked = (description = 'Masked for roles without read_pii.') => z.string().nullable().meta({ description });

const quoteRequestFields = {
  id: intIdOut,
  client_id: uuidOut,
  client_name: z.string().nullable(),
  owner_id: masked(),
  email: masked(),
  phone: masked(),
  car_sequence_number: z.string().nullable(),
  custom_number: z.string().nullable(),
  car_model_year: z.number().int(),
  car_estimated_cost: amountTextOut,
  status: z.enum(QUOTE_REQUEST_STATUSES).meta({ description: 'quoted: an offer; no_offers: insurers answered without one; failed: none answered.' }),
  offer_count: z.number().int(),
  insurer_count: z.number().int(),
  answered_count: z.number().int(),
  deleted_at: dateTimeOut.nullable(),
  created_at: dateTimeOut,
};
const QUOTE_REQUEST_EXAMPLE = {
  id: 42,
  client_id: '9b2c4d6e-8f0a-4b1c-9d2e-3f4a5b6c7d8e',
  client_name: 'Acme Motors',
  owner_id: '10******67',
  email: 's***@example.com',
  phone: '05******67',
  car_sequence_number: '123456789',
  custom_number: null,
  car_model_year: 2022,
  car_estimated_cost: '85000.00',
  status: 'quoted',
  offer_count: 6,
  insurer_count: 3,
  answered_count: 3,
  deleted_at: null,
  created_at: '2026-11-22T09:00:00.000000Z',
};

/** A motor quote request in the console's list. */
export const adminMotorQuoteRequestShape = shape('AdminMotorQuoteRequest', z.object(quoteRequestFields).meta({ example: QUOTE_REQUEST_EXAMPLE }));
export type AdminMotorQuoteRequestOut = z.output<typeof adminMotorQuoteRequestShape>;

const offerShape = z.object({
  quote_reference_id: uuidOut,
  insurance_type_display: z.string(),
  insurance_type_display_ar: z.string(),
  vehicle_estimated_value: amountTextOut,
  expires_at: dateTimeOut,
  prices: z.array(
    z.object({ quote_price_id: uuidOut, deductible: amountTextOut.nullable(), subtotal: amountTextOut, vat: amountTextOut, total: amountTextOut }),
  ),
  benefits: z.array(z.object({ code: z.string(), name: z.string(), name_ar: z.string(), amount: amountTextOut, vat: amountTextOut })),
});
export type AdminMotorOfferOut = z.output<typeof offerShape>;

/** A quote request's page: the list row, the request's details and every insurer asked with its outcome and offers. */
export const adminMotorQuoteRequestDetailShape = shape(
  'AdminMotorQuoteRequestDetail',
  z.object({
    ...quoteRequestFields,
    birthdate: masked(),
    is_ownership_transfer: z.boolean(),
    current_car_owner_id: masked(),
    maker_code: z.number().int().nullable(),
    model_code: z.number().int().nullable(),
    body_type_code: z.number().int().nullable(),
    start_date: z.string().nullable(),
    locale: z.string().meta({ example: 'ar' }),
    driver_count: z.number().int(),
    updated_at: dateTimeOut,
    insurers: z
      .array(
        z.object({
          insurer_code: z.string(),
          name: z.string(),
          name_ar: z.string(),
          outcome: z.string().nullable().meta({ description: 'ok, declined, timeout or error; null when none was recorded.' }),
          latency_ms: z.number().int().nullable(),
          offer_count: z.number().int(),
          detail: z.string().nullable(),
          covers: z.array(z.object({ type: z.string(), fix_type: z.string(), offers: z.array(offerShape) })),
        }),
      )
      .meta({ description: 'One entry per insurer asked, those with offers first; offers grouped by cover.' }),
  }),
);
export type AdminMotorQuoteRequestDetailOut = z.output<typeof adminMotorQuoteRequestDetailShape>;

const policyFields = {
  id: intIdOut,
  client_id: uuidOut,
  client_name: z.string().nullable(),
  quote_request_id: intIdOut,
  insurer_code: z.string(),
  insurer_name: z.string(),
  insurer_name_ar: z.string(),
  product_code: z.string(),
  owner_id: masked(),
  previous_owner_id: masked(),
  car_sequence_number: z.string().nullable(),
  custom_number: z.string().nullable(),
  iban: masked(),
  status: z.string().meta({ description: 'pending, issued or expired (the term ended).', example: 'issued' }),
  status_code: z.number().int(),
  price: amountTextOut,
  provider_policy_id: z.string().nullable(),
  created_at: dateTimeOut,
  updated_at: dateTimeOut,
};

/** A motor policy in the console's list. */
export const adminMotorPolicyShape = shape('AdminMotorPolicy', z.object(policyFields));
export type AdminMotorPolicyOut = z.output<typeof adminMotorPolicyShape>;

/** A motor policy's page: the list row, what was bought, its documents and its payment rows. */
export const adminMotorPolicyDetailShape = shape(
  'AdminMotorPolicyDetail',
  z.object({
    ...policyFields,
    offer_id: uuidOut,
    quote_price_id: uuidOut,
    benefits: z.array(z.record(z.string(), z.unknown())).meta({ description: 'The benefits bought, as the policy stores them.' }),
    provider_policy: z.string().nullable(),
    invoice_url: z.string().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    payments: z.array(
      z.object({
        id: uuidOut,
        status: z.string(),
        amount: amountTextOut,
        currency: z.string(),
        vendor_reference: z.string().nullable(),
        expires_at: dateTimeOut,
        paid_at: dateTimeOut.nullable(),
        created_at: dateTimeOut,
      }),
    ),
  }),
);
export type AdminMotorPolicyDetailOut = z.output<typeof adminMotorPolicyDetailShape>;
