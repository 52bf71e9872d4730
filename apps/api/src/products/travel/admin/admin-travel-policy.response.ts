import { amountOut, dateTimeOut, intIdOut, shape, uuidOut, z } from '@lib/common';

const masked = z.string().nullable().meta({ description: 'Masked without read_pii.' });

/** A travel policy in the console: the partner's policy object, the applicant and travellers masked without read_pii. */
export const adminTravelPolicyShape = shape(
  'AdminTravelPolicy',
  z.object({
    id: intIdOut,
    status: z.number().int().meta({ description: '0 awaiting payment, 1 active, 2 cancelled.' }),
    product_id: z.number().int(),
    client_id: uuidOut,
    quote_id: z.string(),
    insurer_code: z.string(),
    meta_data: z.object({
      bill: z.record(z.string(), z.unknown()).meta({ description: "The quote's bill, as the insurer priced it." }),
      email: masked,
      price: amountOut,
      duration: z.number().int(),
      quote_id: z.string(),
      start_date: z.string(),
      travellers: z
        .array(z.record(z.string(), z.unknown()))
        .meta({ description: 'As sent; full_name, passport_number and date_of_birth masked without read_pii.' }),
      multi_entry: z.boolean(),
      phone_number: masked,
      date_of_birth: masked,
      nationality_id: masked,
    }),
    price: amountOut,
    payment_link: z.string().nullable(),
    provider_policy_id: z.string().nullable(),
    provider_policy: z.string().nullable(),
    invoice: z.string().nullable(),
    policy_url: z.string().nullable(),
    invoice_url: z.string().nullable(),
    redirect_url: z.string().nullable(),
    start_date: z.string(),
    end_date: z.string().nullable(),
    purchased_at: dateTimeOut.nullable(),
    uploaded_at: dateTimeOut.nullable(),
    canceled_at: dateTimeOut.nullable(),
    refund_amount: amountOut.nullable(),
    created_at: dateTimeOut,
    updated_at: dateTimeOut,
  }),
);
export type AdminTravelPolicyOut = z.output<typeof adminTravelPolicyShape>;
