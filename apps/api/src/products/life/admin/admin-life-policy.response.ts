import { amountOut, dateTimeOut, intIdOut, shape, uuidOut, z } from '@lib/common';

/** A life policy in the console: the partner's policy object, applicant and beneficiaries masked without read_pii, with its client and insurer. */
export const adminLifePolicyShape = shape(
  'AdminLifePolicy',
  z.object({
    id: intIdOut,
    offer_id: uuidOut,
    status: z.number().int().meta({ description: '0 pending payment, 1 active, 2 cancelled, 4 expired.' }),
    insurer: z.string(),
    insurer_ar: z.string(),
    product_name: z.string(),
    provider_policy_id: z.string().nullable(),
    applicant_id: z.string().nullable().meta({ description: 'Masked without read_pii.' }),
    sum_assured: amountOut,
    premium_amount: amountOut,
    premium_frequency: z.string(),
    policy_term_years: z.number().int(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    beneficiaries: z
      .array(z.record(z.string(), z.unknown()))
      .meta({ description: 'As sent (name, national_id, relationship, share...); name and national id masked without read_pii.' }),
    iban_masked: z.string().nullable(),
    requested_start_date: z.string().nullable(),
    payment_link: z.string().nullable(),
    purchased_at: dateTimeOut.nullable(),
    cancelled_at: dateTimeOut.nullable(),
    refund_amount: amountOut.nullable(),
    cancellation_document: z.string().nullable(),
    meta_data: z.object({ extra_fields: z.record(z.string(), z.unknown()).nullable() }),
    created_at: dateTimeOut,
    client_id: uuidOut,
    insurer_code: z.string(),
  }),
);
export type AdminLifePolicyOut = z.output<typeof adminLifePolicyShape>;
