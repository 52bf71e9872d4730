import { amountNumber, formatDateTime, formatNullableDateTime } from '@lib/common';
import { presentInsuredLines } from '../quotes/medical-amounts';
import type { StoredMedicalQuote } from '../quotes/medical-quote.repository';
import type { MedicalPolicy } from './medical-policy.repository';
import type { ShownPolicy } from '../../../policies/events/policy-events';
import { policyRedirectUrl } from '../../../policies/policy-redirect-url';

/** `due`: who must still declare and the live payment link (medical-policy-reads.ts); empty for a policy not awaiting payment. */
export function presentMedicalPolicy(
  p: MedicalPolicy,
  due: { pendingDeclarations: string[]; paymentLink: string | null } = { pendingDeclarations: [], paymentLink: null },
) {
  return {
    id: p.id,
    company_id: p.companyId,
    status: p.status,
    pending_declarations: due.pendingDeclarations,
    payment_link: due.paymentLink,
    insurance_provider: p.insuranceProvider,
    subtotal: amountNumber(p.subtotal.toString()),
    vat: amountNumber(p.vat.toString()),
    price: amountNumber(p.price.toString()),
    currency: 'SAR',
    provider_policy_id: p.providerPolicyId,
    redirect_url: policyRedirectUrl(p.redirectUrl, p.id),
    cancellation_document: p.cancellationDocument,
    meta_data: {
      company_id: p.companyId,
      insurance_provider: p.insuranceProvider,
      quote_request_id: p.quoteRequestId,
      quote_price_id: p.quotePriceId,
      insured: presentInsuredLines(p.insured as unknown as StoredMedicalQuote['employees'], p.price.toString()),
    },
    issued_at: formatNullableDateTime(p.issuedAt),
    cancelled_at: formatNullableDateTime(p.cancelledAt),
    created_at: formatDateTime(p.createdAt),
    updated_at: formatDateTime(p.updatedAt),
  };
}

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
  cancelled_at: null,
  created_at: '2026-11-22T09:05:00.000000Z',
  updated_at: '2026-11-22T09:05:00.000000Z',
};

/** The policy as its webhooks report it: status 0 at issuance, 1 once paid and issued, 2 when cancelled. */
export function shownMedicalPolicy(policy: MedicalPolicy): ShownPolicy {
  return { family: 'medical', clientId: policy.clientId, policy: presentMedicalPolicy(policy) };
}
