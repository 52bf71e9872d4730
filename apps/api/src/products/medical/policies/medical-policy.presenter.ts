import { amountNumber, formatDateTime, formatNullableDateTime } from '@lib/common';
import { presentInsuredLines } from '../quotes/medical-amounts';
import type { StoredMedicalQuote } from '../quotes/medical-quote.repository';
import type { MedicalPolicy } from './medical-policy.repository';
import type { ShownPolicy } from '../../../policies/events/policy-events';
import { policyRedirectUrl } from '../../../policies/policy-redirect-url';
import type { MedicalPolicyOut } from './medical-policy.response';

/** `due`: who must still declare and the live payment link (medical-policy-reads.ts); empty for a policy not awaiting payment. */
export function presentMedicalPolicy(
  p: MedicalPolicy,
  due: { pendingDeclarations: string[]; paymentLink: string | null } = { pendingDeclarations: [], paymentLink: null },
): MedicalPolicyOut {
  return {
    id: p.id,
    company_id: p.companyId,
    status: p.status as MedicalPolicyOut['status'],
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
    end_date: p.endDate,
    cancelled_at: formatNullableDateTime(p.cancelledAt),
    created_at: formatDateTime(p.createdAt),
    updated_at: formatDateTime(p.updatedAt),
  };
}

/** The policy as its webhooks report it: status 0 at issuance, 1 once paid and issued, 2 when cancelled. */
export function shownMedicalPolicy(policy: MedicalPolicy): ShownPolicy {
  return { family: 'medical', clientId: policy.clientId, policy: presentMedicalPolicy(policy) };
}
