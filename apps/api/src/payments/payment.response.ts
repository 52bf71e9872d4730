import { amountOut, dateTimeOut, paginated, shape, uuidOut, z } from '@lib/common';
import { PAYMENT_STATUS_REASON_CODES } from './payment-status-reasons';
import { PAYMENT_STATUSES } from './payment.repository';
import { REFUND_STATUSES } from './refunds/refund.repository';

/** A refund of a payment: what went back (or is going back) to the card, and why. */
export const refundShape = shape(
  'Refund',
  z.object({
    id: uuidOut,
    amount: amountOut,
    currency: z.string().meta({ example: 'SAR' }),
    status: z.enum(REFUND_STATUSES),
    reason: z.string().nullable(),
    vendor_refund_id: z.string().nullable(),
    created_at: dateTimeOut,
    refunded_at: dateTimeOut.nullable(),
  }),
);

export const PAYMENT_EXAMPLE = {
  id: '0d9b4c1e-5d7a-4f0e-9c61-2b7f3f7d9a10',
  status: 'paid',
  status_reason: null,
  status_message: null,
  amount: 1158.3,
  currency: 'SAR',
  vendor_reference: 'vp_3f9c2a7d1e6b4c8a9f0e1d2c',
  failure_code: null,
  policy_type: 'motor',
  policy_id: 7,
  payment_link: null,
  expires_at: '2026-11-23T09:05:00.000000Z',
  paid_at: '2026-11-22T09:12:41.000000Z',
  created_at: '2026-11-22T09:05:00.000000Z',
  updated_at: '2026-11-22T09:12:41.000000Z',
  refunded_amount: 0,
  refunds: [],
};
/** A payment record as partners (GET /payments, the payment webhooks) and the console see it. */
export const paymentShape = shape(
  'Payment',
  z
    .object({
      id: uuidOut,
      status: z.enum(PAYMENT_STATUSES),
      status_reason: z.enum(PAYMENT_STATUS_REASON_CODES as [string, ...string[]]).nullable(),
      status_message: z.string().nullable(),
      amount: amountOut,
      currency: z.string().meta({ example: 'SAR' }),
      vendor_reference: z.string().nullable(),
      failure_code: z.string().nullable(),
      policy_type: z.string().meta({ description: 'The product family of the policy the payment is for.', example: 'motor' }),
      policy_id: z.number().int(),
      payment_link: z.string().nullable().meta({ description: 'The hosted payment page while the payment is open (pending or failed).' }),
      expires_at: dateTimeOut,
      paid_at: dateTimeOut.nullable(),
      created_at: dateTimeOut,
      updated_at: dateTimeOut,
      refunded_amount: amountOut,
      refunds: z.array(refundShape),
    })
    .meta({ example: PAYMENT_EXAMPLE }),
);
export type PaymentOut = z.output<typeof paymentShape>;
export type RefundOut = z.output<typeof refundShape>;

export const paymentPageShape = paginated('PaymentPage', paymentShape);
