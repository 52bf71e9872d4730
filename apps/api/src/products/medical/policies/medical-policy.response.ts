import { amountOut, dateOut, dateTimeOut, shape, uuidOut, z } from '@lib/common';
import { PolicyStatus } from '../../../policies/policy-status';
import { medicalInsuredLineShape } from '../quotes/medical-quote.response';

/** 0 awaiting payment, 1 active (paid and issued), 2 cancelled. */
export const MEDICAL_POLICY_STATUSES = {
  pending: PolicyStatus.Pending,
  active: PolicyStatus.Active,
  cancelled: PolicyStatus.Cancelled,
  expired: PolicyStatus.Expired,
} as const;

export const MEDICAL_POLICY_EXAMPLE = {
  id: 7,
  company_id: 42,
  status: 0,
  pending_declarations: [],
  payment_link: 'http://localhost:3000/pay/9b1d0f3e6a7c4b2d8e5f1a3c7b9d2e4f',
  insurance_provider: 'dune',
  subtotal: 12000,
  vat: 1800,
  price: 13800,
  currency: 'SAR',
  provider_policy_id: null,
  redirect_url: 'https://partner.example/medical/done?policy=policyID',
  cancellation_document: null,
  meta_data: {
    company_id: 42,
    insurance_provider: 'dune',
    quote_request_id: '0b7a3c1e-5d2f-4a8b-9c6d-1e2f3a4b5c6d',
    quote_price_id: 'f5d52340-1c2b-4d3e-8f9a-0b1c2d3e4f5a',
    insured: [{ name: 'Sara Al-Harbi', identifier: '1012345678', category: 'standard', price: 13800, price_before_vat: 12000, vat: 1800, dependents: [] }],
  },
  issued_at: null,
  end_date: null,
  cancelled_at: null,
  created_at: '2026-11-22T09:05:00.000000Z',
  updated_at: '2026-11-22T09:05:00.000000Z',
};

/** The medical policy object (issue, show, list, declarations; the medical webhooks carry it too). */
export const medicalPolicyShape = shape(
  'MedicalPolicy',
  z
    .object({
      id: z.number().int(),
      company_id: z.number().int(),
      status: z.enum(MEDICAL_POLICY_STATUSES).meta({ description: '0 awaiting payment, 1 active, 2 cancelled, 4 expired (past its end date).' }),
      pending_declarations: z
        .array(z.string())
        .meta({ description: 'Awaiting payment: the names of the employees who must still fill their health declaration.' }),
      payment_link: z
        .string()
        .nullable()
        .meta({ description: "Awaiting payment: the company's open payment link; null while anyone must still declare, and once paid." }),
      insurance_provider: z.string().meta({ example: 'dune' }),
      subtotal: amountOut.meta({ description: 'Before VAT, SAR.' }),
      vat: amountOut,
      price: amountOut.meta({ description: "The quote's `total_price` (VAT included), SAR." }),
      currency: z.literal('SAR'),
      provider_policy_id: z.string().nullable(),
      redirect_url: z.string().nullable(),
      cancellation_document: z.string().nullable().meta({ description: 'The document sent with a deletion (URL).' }),
      meta_data: z.object({
        company_id: z.number().int(),
        insurance_provider: z.string(),
        quote_request_id: uuidOut,
        quote_price_id: uuidOut,
        insured: z.array(medicalInsuredLineShape),
      }),
      issued_at: dateTimeOut.nullable(),
      end_date: dateOut
        .nullable()
        .meta({ description: 'The last day of cover (a year from the issue day), set once paid and issued; null before. The day after, status 4.' }),
      cancelled_at: dateTimeOut.nullable(),
      created_at: dateTimeOut,
      updated_at: dateTimeOut,
    })
    .meta({ example: MEDICAL_POLICY_EXAMPLE }),
);
export type MedicalPolicyOut = z.output<typeof medicalPolicyShape>;

/** GET /policies: a plain array, as the real service answers it. */
export const medicalPolicyListShape = shape('MedicalPolicyList', z.array(medicalPolicyShape).meta({ example: [MEDICAL_POLICY_EXAMPLE] }));
