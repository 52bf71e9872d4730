import { amountOut, dateTimeOut, shape, z } from '@lib/common';

/** GET /payment-due: what the company's policies awaiting payment add up to. */
export const medicalPaymentDueShape = shape(
  'MedicalPaymentDue',
  z
    .object({
      company_id: z.number().int(),
      payment: amountOut.meta({ description: 'The premiums with VAT, SAR; 0 when nothing is owed.' }),
      vat: amountOut,
      currency: z.literal('SAR'),
      policy_ids: z.array(z.number().int()),
    })
    .meta({ example: { company_id: 42, payment: 13800, vat: 1800, currency: 'SAR', policy_ids: [7] } }),
);
export type MedicalPaymentDueOut = z.output<typeof medicalPaymentDueShape>;

/** GET /payment-link: one link for everything the company owes. */
export const medicalPaymentLinkShape = shape(
  'MedicalPaymentLink',
  z
    .object({
      payment: z.string().meta({ description: "The link, under the real service's name." }),
      payment_link: z.string(),
      amount: amountOut,
      currency: z.literal('SAR'),
      expires_at: dateTimeOut,
      policy_ids: z.array(z.number().int()),
    })
    .meta({
      example: {
        payment: 'http://localhost:3000/pay/9b1d0f3e6a7c4b2d8e5f1a3c7b9d2e4f',
        payment_link: 'http://localhost:3000/pay/9b1d0f3e6a7c4b2d8e5f1a3c7b9d2e4f',
        amount: 13800,
        currency: 'SAR',
        expires_at: '2026-11-22T09:20:00.000000Z',
        policy_ids: [7],
      },
    }),
);
export type MedicalPaymentLinkOut = z.output<typeof medicalPaymentLinkShape>;
