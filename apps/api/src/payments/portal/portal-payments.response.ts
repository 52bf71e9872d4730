import { intIdOut, pageQueryShape, paginated, shape, uuidOut, z } from '@lib/common';
import { PAYMENT_STATUSES } from '../payment.repository';
import { refundShape } from '../payment.response';
import { REFUND_STATUSES } from '../refunds/refund.repository';

const familyFilter = z
  .string()
  .regex(/^[a-z]{2,32}$/, 'The family must be a product family, e.g. motor, tpl, property, travel, medical, life or horse.')
  .optional();

export const portalPaymentsQuery = z.strictObject({
  ...pageQueryShape,
  status: z.enum(PAYMENT_STATUSES, { error: `The status must be one of: ${PAYMENT_STATUSES.join(', ')}.` }).optional(),
  family: familyFilter,
});

export const portalRefundsQuery = z.strictObject({
  ...pageQueryShape,
  status: z.enum(REFUND_STATUSES, { error: `The status must be one of: ${REFUND_STATUSES.join(', ')}.` }).optional(),
  family: familyFilter,
});

/** A payment or refund id; anything else is simply not found. */
export const portalMoneyParam = z.strictObject({ id: z.string().max(64) });

/** A refund as the portal lists it: the refund, and the payment and policy it gives money back for. */
export const portalRefundShape = shape(
  'PortalRefund',
  refundShape
    .extend({
      payment_id: uuidOut,
      policy_type: z.string().meta({ description: 'The product family of the policy.', example: 'horse' }),
      policy_id: intIdOut,
    })
    .meta({
      example: {
        id: '5f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
        amount: 1540.5,
        currency: 'SAR',
        status: 'succeeded',
        reason: 'policy_cancelled',
        vendor_refund_id: 're_7d1e6b4c8a9f',
        created_at: '2026-12-01T10:00:00.000000Z',
        refunded_at: '2026-12-01T10:00:05.000000Z',
        payment_id: '0d9b4c1e-5d7a-4f0e-9c61-2b7f3f7d9a10',
        policy_type: 'horse',
        policy_id: 12,
      },
    }),
);
export type PortalRefundOut = z.output<typeof portalRefundShape>;
export const portalRefundPageShape = paginated('PortalRefundPage', portalRefundShape);
