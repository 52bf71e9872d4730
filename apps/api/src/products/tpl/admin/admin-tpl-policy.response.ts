import { amountOut, dateTimeOut, intIdOut, shape, uuidOut, z } from '@lib/common';

const masked = z.string().nullable().meta({ description: 'Masked for roles without read_pii.' });

/** A TPL v2 policy in the console: the partner's policy object, masked without read_pii, with its client, payments and cancellation. */
export const adminTplPolicyShape = shape(
  'AdminTplPolicy',
  z.object({
    id: intIdOut,
    status: z.number().int().meta({ description: '0 pending, 1 issued, 2 cancelled, 3 on hold.' }),
    meta_data: z.object({
      vin: z.string(),
      email: masked,
      car_sequence_number: z.string(),
      current_car_owner: masked,
      new_owner_id: masked,
      istimarah: z.string().nullable().meta({ description: "The istimarah's URL (through the console); null without read_pii." }),
      extra_fields: z.record(z.string(), z.unknown()).nullable().meta({ description: "The partner's own fields, as sent." }),
      incorrect_info_message: z.string().nullable().optional().meta({ description: 'On hold only: why the istimarah did not match.' }),
    }),
    product_id: z.number().int(),
    insurance_company_id: z.string(),
    provider_policy_id: z.string().nullable(),
    price: amountOut,
    payment_link: z.string().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    refund_amount: amountOut.nullable(),
    uploaded_at: dateTimeOut,
    purchased_at: dateTimeOut.nullable(),
    policy_url: z.string().nullable(),
    invoice_url: z.string().nullable(),
    redirect_url: z.string().nullable(),
    transfer_date_at: dateTimeOut.nullable(),
    cancellation_request_at: dateTimeOut.nullable(),
    cancellation_confirmed_at: dateTimeOut.nullable(),
    canceled_at: dateTimeOut.nullable(),
    created_at: dateTimeOut,
    updated_at: dateTimeOut,
    client_id: uuidOut,
    canceled_by: z.string().nullable().meta({ description: '`client`, or the email of the staff member who cancelled it.' }),
    cancellation_reason: z.string().nullable(),
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
export type AdminTplPolicyOut = z.output<typeof adminTplPolicyShape>;
