import { amountTextOut, dateTimeOut, shape, uuidOut, z } from '@lib/common';

/** One policy's payments, refunds, webhooks sent and console history, for its page in the console. */
export const adminPolicyActivityShape = shape(
  'AdminPolicyActivity',
  z
    .object({
      payments: z
        .array(
          z.object({
            id: uuidOut,
            amount: amountTextOut,
            currency: z.string(),
            status: z.string().meta({ example: 'paid' }),
            status_reason: z.string().nullable(),
            vendor_reference: z.string().nullable(),
            created_at: dateTimeOut,
            paid_at: dateTimeOut.nullable(),
          }),
        )
        .nullable()
        .meta({ description: 'Null for roles that do not read payments.' }),
      refunds: z
        .array(
          z.object({
            id: uuidOut,
            payment_id: uuidOut,
            amount: amountTextOut,
            currency: z.string(),
            reason: z.string(),
            status: z.string().meta({ example: 'succeeded' }),
            attempts: z.number().int(),
            last_error: z.string().nullable(),
            created_at: dateTimeOut,
            refunded_at: dateTimeOut.nullable(),
          }),
        )
        .nullable()
        .meta({ description: 'Null for roles that do not read payments.' }),
      webhooks: z
        .array(
          z.object({
            id: uuidOut,
            event_type: z.string().meta({ example: 'policy.status_updated' }),
            status: z.string().meta({ example: 'delivered' }),
            attempts: z.number().int(),
            last_status_code: z.number().int().nullable(),
            created_at: dateTimeOut,
            delivered_at: dateTimeOut.nullable(),
          }),
        )
        .nullable()
        .meta({ description: "The deliveries to the partner's endpoints about this policy; null for roles that do not read deliveries." }),
      audit: z
        .array(
          z.object({
            id: z.string().meta({ pattern: '^\\d+$' }),
            action: z.string().meta({ example: 'horse-policies.cancel' }),
            staff_email: z.string(),
            role: z.string(),
            reason: z.string().nullable().meta({ description: 'The reason or note the action recorded.' }),
            created_at: dateTimeOut,
          }),
        )
        .meta({ description: 'Who did what to the policy in the console, newest first.' }),
    })
    .meta({
      example: {
        payments: [
          {
            id: '0d9b4c1e-5d7a-4f0e-9c61-2b7f3f7d9a10',
            amount: '1158.30',
            currency: 'SAR',
            status: 'paid',
            status_reason: null,
            vendor_reference: 'vp_3f9c2a7d1e6b4c8a9f0e1d2c',
            created_at: '2026-11-22T09:05:00.000Z',
            paid_at: '2026-11-22T09:12:41.000Z',
          },
        ],
        refunds: [],
        webhooks: [
          {
            id: '5e7a9c1b-3d5f-4a7c-9e1b-3d5f7a9c1e3b',
            event_type: 'policy.status_updated',
            status: 'delivered',
            attempts: 1,
            last_status_code: 200,
            created_at: '2026-11-22T09:12:42.000Z',
            delivered_at: '2026-11-22T09:12:43.000Z',
          },
        ],
        audit: [
          {
            id: '1042',
            action: 'horse-policies.cancel',
            staff_email: 'ops@example.com',
            role: 'operations',
            reason: 'Customer asked.',
            created_at: '2026-11-23T10:00:00.000Z',
          },
        ],
      },
    }),
);
export type AdminPolicyActivityOut = z.output<typeof adminPolicyActivityShape>;
