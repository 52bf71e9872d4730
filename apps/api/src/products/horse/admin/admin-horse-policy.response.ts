import { amountOut, dateTimeOut, intIdOut, shape, uuidOut, z } from '@lib/common';

/** A horse policy in the console: the partner's policy object, the owner masked without read_pii, with its client. */
export const adminHorsePolicyShape = shape(
  'AdminHorsePolicy',
  z.object({
    id: intIdOut,
    status: z.number().int().meta({ description: '0 pending payment, 1 active, 2 cancelled, 4 expired.' }),
    insurer_code: z.string(),
    provider_policy_id: z.string().nullable(),
    horse: z.record(z.string(), z.unknown()).meta({
      description: 'The horse as sent (name, breed, date_of_birth, sex, color, use, microchip_number, passport_number, value, history, document_url).',
    }),
    owner: z.record(z.string(), z.string().nullable()).meta({ description: 'name, id, email, phone; masked without read_pii.' }),
    net_premium: amountOut,
    vat: amountOut,
    price: amountOut,
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    payment_link: z.string().nullable(),
    purchased_at: dateTimeOut.nullable(),
    cancelled_at: dateTimeOut.nullable(),
    refund_amount: amountOut.nullable(),
    cancellation_document: z.string().nullable(),
    meta_data: z.object({ extra_fields: z.record(z.string(), z.unknown()).nullable() }),
    created_at: dateTimeOut,
    client_id: uuidOut,
  }),
);
export type AdminHorsePolicyOut = z.output<typeof adminHorsePolicyShape>;
