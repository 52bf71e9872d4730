import { amountOut, dateOut, dateTimeOut, intIdOut, shape, uuidOut, z } from '@lib/common';
import { LIFE_FREQUENCIES } from '@lib/providers';
import { PolicyStatus } from '../../../policies/policy-status';
import { RELATIONSHIPS } from './issue-life-policy.schema';

/** The statuses a life policy takes: 0 pending payment, 1 active, 2 cancelled, 4 expired at the end of its term (integers, as motor and property). */
export const LIFE_POLICY_STATUSES = [PolicyStatus.Pending, PolicyStatus.Active, PolicyStatus.Cancelled, PolicyStatus.Expired] as const;

export const LIFE_POLICY_EXAMPLE = {
  id: 12,
  offer_id: '0f8b7c1e-2d3a-4b5c-8d9e-0a1b2c3d4e5f',
  status: 0 as const,
  insurer: 'Summit Ridge Takaful',
  insurer_ar: 'تكافل ذروة القمة',
  product_name: 'Summit Future Builder',
  provider_policy_id: null,
  applicant_id: '1012345678',
  sum_assured: 300000,
  premium_amount: 833.51,
  premium_frequency: 'monthly' as const,
  policy_term_years: 20,
  start_date: null,
  end_date: null,
  beneficiaries: [{ name: 'Sara Ahmed', national_id: '1098765432', relationship: 'spouse' as const, share_percentage: 100 }],
  iban_masked: 'SA03*****************519',
  requested_start_date: null,
  payment_link: 'http://localhost:3000/pay/9b1d0f3e6a7c4b2d8e5f1a3c7b9d2e4f6a8c0b1d',
  purchased_at: null,
  cancelled_at: null,
  refund_amount: null,
  cancellation_document: null,
  meta_data: { extra_fields: null },
  created_at: '2026-11-22T09:05:00.000000Z',
};

/**
 * The life policy object. `payment_link` is set while status is 0; paying sets `provider_policy_id`, `start_date`
 * and `end_date`; cancelling sets `cancelled_at` and `refund_amount`.
 */
export const lifePolicyShape = shape(
  'LifePolicy',
  z
    .object({
      id: intIdOut,
      offer_id: uuidOut,
      status: z.literal(LIFE_POLICY_STATUSES).meta({ description: '0 pending payment, 1 active, 2 cancelled, 4 expired.' }),
      insurer: z.string(),
      insurer_ar: z.string(),
      product_name: z.string(),
      provider_policy_id: z.string().nullable(),
      applicant_id: z.string(),
      sum_assured: amountOut,
      premium_amount: amountOut.meta({ description: 'One instalment, per `premium_frequency`.' }),
      premium_frequency: z.enum(LIFE_FREQUENCIES),
      policy_term_years: z.number().int(),
      start_date: dateOut.nullable().meta({ description: 'The payment day, or the requested start date if later; null until paid.' }),
      end_date: dateOut.nullable(),
      beneficiaries: z.array(
        z.object({
          name: z.string(),
          national_id: z.string(),
          relationship: z.enum(RELATIONSHIPS),
          share_percentage: z.number().int(),
        }),
      ),
      iban_masked: z.string().nullable().meta({ example: 'SA03*****************519' }),
      requested_start_date: dateOut.nullable().meta({ description: 'The `start_date` sent at issuance, if any.' }),
      payment_link: z.string().nullable(),
      purchased_at: dateTimeOut.nullable(),
      cancelled_at: dateTimeOut.nullable(),
      refund_amount: amountOut.nullable(),
      cancellation_document: z.string().nullable().meta({ description: 'URL of the document sent with the cancellation.' }),
      meta_data: z.object({ extra_fields: z.record(z.string(), z.unknown()).nullable().meta({ description: "The partner's own fields, as sent." }) }),
      created_at: dateTimeOut,
    })
    .meta({ example: LIFE_POLICY_EXAMPLE }),
);
export type LifePolicyOut = z.output<typeof lifePolicyShape>;

export const lifePolicyListShape = shape(
  'LifePolicyList',
  z.array(lifePolicyShape).meta({ description: 'Newest first, at most 500.', example: [LIFE_POLICY_EXAMPLE] }),
);
