import { amountOut, amountTextOut, dateOut, dateTimeOut, intIdOut, shape, uuidOut, z } from '@lib/common';

/** A group medical policy in the console: the partner's policy object with its client and its claims. */
export const adminMedicalPolicyShape = shape(
  'AdminMedicalPolicy',
  z.object({
    id: intIdOut,
    company_id: intIdOut,
    status: z.number().int().meta({ description: '0 at issuance, 1 once paid and issued, 2 cancelled, 4 expired.' }),
    pending_declarations: z.array(z.string()).meta({ description: 'Empty in the console (the partner route fills it while payment is due).' }),
    payment_link: z.string().nullable(),
    insurance_provider: z.string(),
    subtotal: amountOut,
    vat: amountOut,
    price: amountOut,
    currency: z.string(),
    provider_policy_id: z.string().nullable(),
    redirect_url: z.string().nullable(),
    cancellation_document: z.string().nullable(),
    meta_data: z.object({
      company_id: intIdOut,
      insurance_provider: z.string(),
      quote_request_id: z.string(),
      quote_price_id: z.string(),
      insured: z
        .array(z.record(z.string(), z.unknown()))
        .meta({ description: 'Each insured line as quoted (name, identifier, category...) with price, price_before_vat, vat and its dependents.' }),
    }),
    issued_at: dateTimeOut.nullable(),
    end_date: dateOut.nullable().meta({ description: 'The last day of cover, set once paid and issued.' }),
    cancelled_at: dateTimeOut.nullable(),
    created_at: dateTimeOut,
    updated_at: dateTimeOut,
    client_id: uuidOut,
    claims: z.array(
      z.object({
        id: intIdOut,
        status: z.string(),
        claim_type: z.string(),
        requested_amount: amountTextOut,
        created_at: dateTimeOut,
      }),
    ),
  }),
);
export type AdminMedicalPolicyOut = z.output<typeof adminMedicalPolicyShape>;
