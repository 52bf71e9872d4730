import { amountOut, dateTimeOut, shape, uuidOut, z } from '@lib/common';
import { PAYMENT_EXAMPLE, paymentShape } from '../payment.response';
import { REFUND_STATUSES } from '../refunds/refund.repository';

const clientFields = {
  client_id: uuidOut,
  client_name: z.string().nullable().meta({ description: "The client's name; null if the client is gone." }),
};
const CLIENT_EXAMPLE = { client_id: '9b2c4d6e-8f0a-4b1c-9d2e-3f4a5b6c7d8e', client_name: 'Acme Motors' };

/** A payment in the console's list: the partner's payment record with whose it is. */
export const adminPaymentShape = shape('AdminPayment', paymentShape.extend(clientFields).meta({ example: { ...PAYMENT_EXAMPLE, ...CLIENT_EXAMPLE } }));
export type AdminPaymentOut = z.output<typeof adminPaymentShape>;

/** One vendor callback received for a payment, with what verifying it with the vendor found. */
const paymentCallbackShape = shape(
  'AdminPaymentCallback',
  z.object({
    event_id: z.string(),
    vendor_payment_id: z.string(),
    outcome: z.string().meta({ description: 'What verifying with the vendor found: paid, declined, failed, pending, unknown.', example: 'paid' }),
    received_at: dateTimeOut,
  }),
);

/** A payment's console page: the list row and the vendor callbacks received for it. */
export const adminPaymentDetailShape = shape(
  'AdminPaymentDetail',
  paymentShape.extend({ ...clientFields, callbacks: z.array(paymentCallbackShape) }).meta({
    example: {
      ...PAYMENT_EXAMPLE,
      ...CLIENT_EXAMPLE,
      callbacks: [{ event_id: 'evt_1', vendor_payment_id: 'vp_3f9c2a7d1e6b4c8a9f0e1d2c', outcome: 'paid', received_at: '2026-11-22T09:12:41.000Z' }],
    },
  }),
);
export type AdminPaymentDetailOut = z.output<typeof adminPaymentDetailShape>;

/** A refund as the console shows it: what is owed, to whom, why, and where its payout stands. */
export const adminRefundShape = shape(
  'AdminRefund',
  z
    .object({
      id: uuidOut,
      payment_id: uuidOut,
      ...clientFields,
      policy_type: z.string().meta({ example: 'motor' }),
      policy_id: z.number().int(),
      amount: amountOut,
      currency: z.string().meta({ example: 'SAR' }),
      reason: z.string().meta({ description: 'policy_cancelled, or why a confirmed payment could not be applied.' }),
      status: z.enum(REFUND_STATUSES),
      attempts: z.number().int(),
      last_error: z.string().nullable(),
      vendor_payment_id: z.string(),
      vendor_refund_id: z.string().nullable(),
      next_attempt_at: dateTimeOut.nullable().meta({ description: 'When the worker tries next; null unless pending.' }),
      refunded_at: dateTimeOut.nullable(),
      created_at: dateTimeOut,
      updated_at: dateTimeOut,
    })
    .meta({
      example: {
        id: '1b3d5f7a-9c1e-4a3b-8d5f-7a9c1e3b5d7f',
        payment_id: PAYMENT_EXAMPLE.id,
        ...CLIENT_EXAMPLE,
        policy_type: 'motor',
        policy_id: 7,
        amount: 540.5,
        currency: 'SAR',
        reason: 'policy_cancelled',
        status: 'failed',
        attempts: 6,
        last_error: 'The vendor refused the refund.',
        vendor_payment_id: 'vp_3f9c2a7d1e6b4c8a9f0e1d2c',
        vendor_refund_id: null,
        next_attempt_at: null,
        refunded_at: null,
        created_at: '2026-11-23T10:00:00.000000Z',
        updated_at: '2026-11-23T16:00:00.000000Z',
      },
    }),
);
export type AdminRefundOut = z.output<typeof adminRefundShape>;
