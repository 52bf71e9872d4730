import { amountNumber, formatDateTime, formatNullableDateTime, maskIban } from '@lib/common';
import { paymentLink } from '../../../payments/payment.repository';
import type { LifePolicyView } from './life-policy.repository';
import type { ShownPolicy } from '../../../policies/events/policy-events';
import { PolicyStatus } from '../../../policies/policy-status';
import type { LifePolicyOut } from './life-policy.response';

/**
 * The life policy object. `status` is the integer used by motor and property (0 pending payment, 1 active,
 * 2 cancelled); the real service's string "active" is not used. `payment_link` is set while status is 0.
 */
export function presentLifePolicy({ policy: p, offer: o, payment }: LifePolicyView, publicBaseUrl: string): LifePolicyOut {
  return {
    id: p.id,
    offer_id: p.offerId,
    status: p.status as LifePolicyOut['status'],
    insurer: o.insurerName,
    insurer_ar: o.insurerNameAr,
    product_name: o.productName,
    provider_policy_id: p.providerPolicyId,
    applicant_id: p.applicantId,
    sum_assured: amountNumber(o.sumAssured.toString()),
    premium_amount: amountNumber(p.premium.toString()),
    premium_frequency: o.premiumFrequency as LifePolicyOut['premium_frequency'],
    policy_term_years: o.termYears,
    start_date: p.startDate,
    end_date: p.endDate,
    beneficiaries: p.beneficiaries as LifePolicyOut['beneficiaries'],
    iban_masked: p.iban ? maskIban(p.iban) : null,
    requested_start_date: p.requestedStartDate,
    payment_link: p.status === PolicyStatus.Pending && payment ? paymentLink(publicBaseUrl, payment.linkToken) : null,
    purchased_at: formatNullableDateTime(p.purchasedAt),
    cancelled_at: formatNullableDateTime(p.cancelledAt),
    refund_amount: p.refundAmount === null ? null : amountNumber(p.refundAmount.toString()),
    cancellation_document: p.cancellationDocument,
    meta_data: { extra_fields: (p.extraData as Record<string, unknown> | null) ?? null },
    created_at: formatDateTime(p.createdAt),
  };
}

/** The policy as its webhooks report it: exactly Show Policy's object. */
export function shownLifePolicy(view: LifePolicyView, publicBaseUrl: string): ShownPolicy {
  return { family: 'life', clientId: view.policy.clientId, policy: presentLifePolicy(view, publicBaseUrl) };
}
