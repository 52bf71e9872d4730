import { amountOut, dateOut, dateTimeOut, intIdOut, paginated, shape, uuidOut, z } from '@lib/common';
import { PolicyStatus } from '../../../policies/policy-status';

const urlOut = (description: string) => z.string().meta({ format: 'uri', description });

export const MOTOR_POLICY_EXAMPLE = {
  id: 7,
  meta_data: {
    extra_data: { order: 'A-1001' },
    new_owner_id: '1012345678',
    previous_owner_id: '1012345678',
    quote_price_id: 'f5d52340-1c2b-4d3e-8f9a-0b1c2d3e4f5a',
    quote_request_id: 42,
    car_sequence_number: 123456789,
  },
  product_id: 2,
  provider_policy_id: null,
  provider_policy: null,
  created_at: '2026-11-22T09:05:00.000000Z',
  status: 0,
  payment_link: 'http://localhost:3000/pay/9b1d0f3e6a7c4b2d8e5f1a3c7b9d2e4f6a8c0b1d',
  price: 6028.44,
  client_id: '0b4cf1a2-6d3e-4f5a-8b9c-1d2e3f4a5b6c',
  start_date: null,
  end_date: null,
  expiration_date: null,
  purchased_at: null,
  uploaded_at: null,
  policy_url: null,
  invoice_url: null,
  updated_at: '2026-11-22T09:05:00.000000Z',
};

/** The fields of the motor policy object around `product_id`, in the order the answer writes them. */
const { id, meta_data, ...rest } = {
  id: intIdOut,
  meta_data: z.object({
    extra_data: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: 'The `extra_data` (or `extra_fields`) object sent at issuance, as sent; null when none was.' }),
    new_owner_id: z.string(),
    previous_owner_id: z.string(),
    quote_price_id: uuidOut,
    quote_request_id: intIdOut,
    car_sequence_number: z
      .number()
      .int()
      .nullable()
      .meta({ description: "An integer, as the real service's policy writes it; null for a customs-card vehicle." }),
  }),
  provider_policy_id: z.string().nullable().meta({ description: "The insurer's policy number once issued (a string)." }),
  provider_policy: urlOut('The policy document once stored.').nullable(),
  created_at: dateTimeOut,
  status: z
    .literal([PolicyStatus.Pending, PolicyStatus.Active, PolicyStatus.Expired])
    .meta({ description: '0 pending payment, 1 issued (paid), 4 expired (the cover ended).' }),
  payment_link: urlOut('The hosted payment page while the policy is pending.').nullable(),
  price: amountOut.nullable().meta({ description: 'What the customer pays (VAT included) while pending; null once issued.' }),
  client_id: uuidOut,
  start_date: dateOut.nullable(),
  end_date: dateOut.nullable(),
  expiration_date: dateOut.nullable().meta({ description: 'The same as `end_date`.' }),
  purchased_at: dateTimeOut.nullable(),
  uploaded_at: dateTimeOut.nullable().meta({ description: 'The same as `purchased_at`.' }),
  policy_url: urlOut('The same as `provider_policy`.').nullable(),
  invoice_url: urlOut('The tax invoice once stored.').nullable(),
  updated_at: dateTimeOut,
};

/**
 * The motor policy object of the price comparison, as shown again (show, list, webhooks). Two shapes rather than an
 * optional `product_id`: the serializer writes optional fields last, and `product_id` stays where partners see it.
 */
export const motorPolicyShape = shape(
  'MotorPolicy',
  z
    .object({ id, meta_data, product_id: z.number().int().meta({ description: 'The product of the insurer and cover.' }), ...rest })
    .meta({ example: MOTOR_POLICY_EXAMPLE }),
);
export type MotorPolicyOut = z.output<typeof motorPolicyShape>;

const { product_id: _product, ...ISSUED_EXAMPLE } = MOTOR_POLICY_EXAMPLE;
/** The issuance answer: the policy object without `product_id` (added when the policy is shown again). */
export const motorIssuedPolicyShape = shape('MotorIssuedPolicy', z.object({ id, meta_data, ...rest }).meta({ example: ISSUED_EXAMPLE }));
export type MotorIssuedPolicyOut = z.output<typeof motorIssuedPolicyShape>;

/** `include_aggregates=true`: the count and price of every policy the filters match, in all and per month. */
const priceAggregatesShape = z.object({
  total_count: z.number().int(),
  total_price: amountOut,
  by_month: z
    .record(z.string(), z.object({ count: z.number().int(), total_price: amountOut }))
    .meta({ description: 'Keyed by `YYYY-MM` (UTC).', example: { '2026-06': { count: 12, total_price: 42850.75 } } }),
});

export const motorPolicyPageShape = paginated('MotorPolicyPage', motorPolicyShape, {
  aggregates: priceAggregatesShape.optional().meta({ description: 'Only with `include_aggregates=true`.' }),
});
