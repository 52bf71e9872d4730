import { amountOut, dateOut, dateTimeOut, intIdOut, shape, uuidOut, z } from '@lib/common';
import { CANCELLATION_STATUSES } from '../cancellation/cancellation-status.service';

const stored = (keys: string) => z.record(z.string(), z.unknown()).meta({ description: `As the partner sent it, in the spec's key order (${keys}).` });

/** A property policy in the console: the partner's policy object (customer data masked without read_pii) with its product, insurer, payments and who cancelled it. */
export const adminPropertyPolicyShape = shape(
  'AdminPropertyPolicy',
  z.object({
    id: intIdOut,
    meta_data: z.object({
      address: stored('street_name, building_number, district_name, city_name, additional_number, zip_code, unit_number'),
      property_cost: amountOut.nullable(),
      contents_cost: amountOut.nullable(),
      building_details: stored('building_age, building_type, apartment_size'),
      personal_details: stored(
        'name, name_ar, gender, email, phone_number, birthdate, nationality, nationality_id; masked without read_pii, birthdate then null',
      ),
      insurance_provider: z.string(),
      iban: z.string().nullable().meta({ description: 'Masked without read_pii.' }),
      start_date: dateOut,
      end_date: dateOut,
      has_agreed_to_terms_and_conditions: z.boolean(),
      documents: z.array(
        z.object({ id: uuidOut, category: z.string(), url: z.string(), content_type: z.string(), size: z.number().int(), created_at: dateTimeOut }),
      ),
    }),
    created_at: dateTimeOut,
    canceled_at: dateTimeOut.nullable(),
    status: z.number().int().meta({ description: '0 pending, 1 active, 2 cancelled, 4 expired.' }),
    provider_policy: z.string().nullable(),
    provider_policy_id: z.string().nullable(),
    client_id: uuidOut,
    payment_link: z.string().nullable(),
    price: amountOut,
    redirect_url: z.string().nullable(),
    policy_url: z.string().nullable(),
    cancellation: z
      .object({
        reason: z.string().nullable(),
        refund_amount: amountOut.nullable(),
        unused_days: z.number().int().nullable(),
        term_days: z.number().int().nullable(),
      })
      .optional()
      .meta({ description: 'Cancelled policies only.' }),
    product_code: z.string(),
    insurer_code: z.string(),
    activated_at: dateTimeOut.nullable(),
    canceled_by: z.string().nullable(),
    payments: z.array(
      z.object({
        id: uuidOut,
        status: z.string(),
        amount: amountOut,
        currency: z.string(),
        expires_at: dateTimeOut,
        paid_at: dateTimeOut.nullable(),
        created_at: dateTimeOut,
      }),
    ),
  }),
);
export type AdminPropertyPolicyOut = z.output<typeof adminPropertyPolicyShape>;

/** The insurer's live view of a property policy's cancellation. */
export const adminPropertyCancellationStatusShape = shape(
  'AdminPropertyCancellationStatus',
  z.object({ status: z.enum(CANCELLATION_STATUSES) }).meta({ example: { status: 'active' } }),
);
