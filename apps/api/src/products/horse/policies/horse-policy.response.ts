import { amountOut, dateOut, dateTimeOut, intIdOut, shape, z } from '@lib/common';
import { HORSE_USES } from '@lib/providers';
import { PolicyStatus } from '../../../policies/policy-status';
import { HORSE_SEXES } from './create-horse-policy.schema';

/** The statuses a horse policy takes: 0 pending payment, 1 active, 2 cancelled, 4 expired at the end of its term (integers, as motor and property). */
export const HORSE_POLICY_STATUSES = [PolicyStatus.Pending, PolicyStatus.Active, PolicyStatus.Cancelled, PolicyStatus.Expired] as const;

const HORSE_EXAMPLE = {
  name: 'Desert Wind',
  breed: 'Arabian',
  date_of_birth: '2019-03-01',
  sex: 'male' as const,
  color: 'grey',
  use: 'racing' as const,
  microchip_number: '682000000012345',
  value: 250000,
};
const OWNER_EXAMPLE = { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' };

export const HORSE_POLICY_EXAMPLE = {
  id: 5,
  status: 0 as const,
  insurer_code: 'caravan',
  provider_policy_id: null,
  horse: HORSE_EXAMPLE,
  owner: OWNER_EXAMPLE,
  net_premium: 16250,
  vat: 2437.5,
  price: 18687.5,
  start_date: null,
  end_date: null,
  payment_link: 'http://localhost:3000/pay/9b1d0f3e6a7c4b2d8e5f1a3c7b9d2e4f6a8c0b1d',
  purchased_at: null,
  cancelled_at: null,
  refund_amount: null,
  cancellation_document: null,
  meta_data: { extra_fields: null },
  created_at: '2026-11-22T09:05:00.000000Z',
};

/** The horse as it was sent (JSON or the form), with `value` (the sum insured) always set. */
const horseShape = z.object({
  name: z.string(),
  breed: z.string(),
  date_of_birth: dateOut,
  sex: z.enum(HORSE_SEXES),
  color: z.string().optional(),
  use: z.enum(HORSE_USES),
  microchip_number: z.string().optional(),
  passport_number: z.string().optional().meta({ description: 'UELN.' }),
  value: amountOut.meta({ description: 'The sum insured, SAR.' }),
  history: z
    .object({
      purchased: z.boolean().optional(),
      purchase_date: dateOut.optional(),
      purchase_place: z.string().optional(),
      did_participate: z.boolean().optional(),
      participation_details: z.string().optional(),
      has_abortion: z.boolean().optional(),
      abortion_details: z.string().optional(),
      has_embryo_transfers: z.boolean().optional(),
      embryo_transfers_details: z.string().optional(),
      recipient_or_donor: z.string().optional(),
    })
    .optional()
    .meta({ description: 'The answers given, when any.' }),
  document_url: z.string().optional().meta({ description: "The form's `upload` (vet certificate or passport), when one was sent." }),
});

/** The horse policy object: `payment_link` while status is 0; once paid `provider_policy_id`, `start_date`, `end_date`. */
export const horsePolicyShape = shape(
  'HorsePolicy',
  z
    .object({
      id: intIdOut,
      status: z.literal(HORSE_POLICY_STATUSES).meta({ description: '0 pending payment, 1 active, 2 cancelled, 4 expired.' }),
      insurer_code: z.string(),
      provider_policy_id: z.string().nullable(),
      horse: horseShape,
      owner: z.object({ name: z.string(), id: z.string().optional(), email: z.string(), phone: z.string() }),
      net_premium: amountOut,
      vat: amountOut,
      price: amountOut.meta({ description: '`net_premium` + 15 % VAT.' }),
      start_date: dateOut.nullable(),
      end_date: dateOut.nullable(),
      payment_link: z.string().nullable(),
      purchased_at: dateTimeOut.nullable(),
      cancelled_at: dateTimeOut.nullable(),
      refund_amount: amountOut.nullable(),
      cancellation_document: z.string().nullable().meta({ description: 'URL of the document sent with the cancellation.' }),
      meta_data: z.object({ extra_fields: z.record(z.string(), z.unknown()).nullable().meta({ description: "The partner's own fields, as sent." }) }),
      created_at: dateTimeOut,
    })
    .meta({ example: HORSE_POLICY_EXAMPLE }),
);
export type HorsePolicyOut = z.output<typeof horsePolicyShape>;
