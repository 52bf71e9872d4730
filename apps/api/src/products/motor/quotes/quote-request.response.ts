import { amountOut, dateTimeOut, intIdOut, paginated, shape, uuidOut, z } from '@lib/common';
import { COVER_TYPES, FIX_TYPES, PHOTO_PARTS } from '@lib/providers';
import { PROGRESS_EXAMPLE } from './quote-progress.docs';
import { QUOTE_REQUEST_EXAMPLE } from './quote-request.example';

/** Where a quote request's insurers are: still answering, done, or done with every insurer failed. */
export const QUOTES_STATUSES = ['in_progress', 'complete', 'failed'] as const;
export type QuotesStatus = (typeof QUOTES_STATUSES)[number];

/** Where one insurer asked stands. */
export const INSURER_STATES = ['pending', 'quoted', 'declined', 'failed', 'timeout'] as const;
export type InsurerState = (typeof INSURER_STATES)[number];

/**
 * One insurer's offer as partners read it, the same in every answer that carries offers: the quote request object's
 * `quotes` (synchronous, shown, listed) and the event stream's `insurer` events.
 */
export const motorQuoteOfferShape = shape(
  'MotorQuoteOffer',
  z
    .object({
      quote_reference_id: uuidOut,
      company_name: z.string(),
      company_name_ar: z.string().meta({ description: 'The English name when the insurer gives no Arabic one.' }),
      company_logo_url: z.string().meta({ description: "Absolute URL; '' when the insurer has no logo." }),
      square_company_logo_url: z.string().meta({ description: "Absolute URL; '' when the insurer has no logo." }),
      company_logo: z.string().meta({ deprecated: true, description: "The logo's path relative to its host; use `company_logo_url`." }),
      type: z.enum(COVER_TYPES),
      insurance_type_display: z.string(),
      insurance_type_display_ar: z.string(),
      fix_type: z.enum(FIX_TYPES).meta({ description: 'Empty on TPL covers.' }),
      vehicle_estimated_value: amountOut,
      quote_expiry_date: z.string().meta({ format: 'date-time', example: '2026-11-23T09:00:00+00:00' }),
      prices: z.array(
        z.object({
          quote_price_id: uuidOut,
          deductible: amountOut.nullable().meta({ description: 'Null on TPL covers.' }),
          subtotal: amountOut,
          vat_percentage: z.number(),
          vat: amountOut,
          total: amountOut.meta({ description: '`subtotal` + `vat`; benefits chosen are extra.' }),
        }),
      ),
      benefits: z.array(
        z.object({
          quote_benefit_id: uuidOut,
          id: z.string().meta({ description: "The insurer's stable code of the benefit." }),
          name: z.string(),
          name_ar: z.string(),
          amount: amountOut.meta({ description: '0: already included, nothing to choose.' }),
          vat: amountOut,
          url: z.string().nullable(),
        }),
      ),
    })
    .meta({ example: QUOTE_REQUEST_EXAMPLE.quotes[0] }),
);
export type MotorQuoteOfferOut = z.output<typeof motorQuoteOfferShape>;

const driverOut = z.object({ owner_id: z.string(), birthdate: z.string(), driving_percentage: z.number().int() });
const insurerOut = z.object({
  code: z.string(),
  state: z.enum(INSURER_STATES),
  offer_count: z.number().int(),
  latency_ms: z.number().int().nullable().meta({ description: 'Null while pending.' }),
});
export type InsurerOut = z.output<typeof insurerOut>;

/**
 * The quote request object, one shape for every answer that gives it: the synchronous 201, the 202 of
 * `Prefer: respond-async`, Show, and each item of the list. `status` and `insurers` are given by Show and the 202
 * only (see the operations).
 */
export const motorQuoteRequestShape = shape(
  'MotorQuoteRequest',
  z
    .object({
      id: intIdOut,
      owner_id: z.string(),
      email: z.string(),
      phone: z.string(),
      birthdate: z.string(),
      is_ownership_transfer: z.boolean(),
      current_car_owner_id: z.string(),
      car_sequence_number: z.number().int().optional().meta({ description: 'When the vehicle was named by its sequence number.' }),
      custom_number: z.string().optional().meta({ description: 'When the vehicle was named by its customs card (with the three codes).' }),
      maker_code: z.number().int().nullable().optional(),
      model_code: z.number().int().nullable().optional(),
      body_type_code: z.number().int().nullable().optional(),
      car_estimated_cost: amountOut,
      car_model_year: z.number().int(),
      start_date: z.string().nullable(),
      drivers: z.array(driverOut).nullable(),
      quotes: z.array(motorQuoteOfferShape),
      attachments: z
        .object(Object.fromEntries(PHOTO_PARTS.map((p) => [p, z.string()])) as Record<(typeof PHOTO_PARTS)[number], z.ZodString>)
        .nullable()
        .meta({ description: 'The vehicle photos registered for the request (POST /quote-requests/{id}/attachments).' }),
      client_id: uuidOut,
      created_at: dateTimeOut,
      updated_at: dateTimeOut,
      status: z.enum(QUOTES_STATUSES).optional().meta({ description: 'Show and the 202 only: where the insurers are.' }),
      insurers: z.array(insurerOut).optional().meta({ description: 'Show and the 202 only: each insurer asked, in listing order.' }),
    })
    .meta({ example: PROGRESS_EXAMPLE }),
);
export type MotorQuoteRequestOut = z.output<typeof motorQuoteRequestShape>;

export const motorQuoteRequestPageShape = paginated('MotorQuoteRequestPage', motorQuoteRequestShape, {
  aggregates: z
    .object({ total_count: z.number().int(), by_month: z.record(z.string(), z.number().int()) })
    .optional()
    .meta({ description: 'With `include_aggregates=true`: over every request the filters match.' }),
});
