import { amountNumber, formatDateTime, formatNullableDateTime } from '@lib/common';
import { paymentLink } from '../../../payments/payment.repository';
import type { HorsePolicyView } from './horse-policy.repository';
import type { ShownPolicy } from '../../../policies/events/policy-events';
import { PolicyStatus } from '../../../policies/policy-status';
import type { HorsePolicyOut } from './horse-policy.response';

/** The horse policy object; `status` 0 pending payment, 1 active, 2 cancelled (as motor and property). */
export function presentHorsePolicy({ policy: p, payment }: HorsePolicyView, publicBaseUrl: string): HorsePolicyOut {
  return {
    id: p.id,
    status: p.status as HorsePolicyOut['status'],
    insurer_code: p.insurerCode,
    provider_policy_id: p.providerPolicyId,
    horse: p.horse as HorsePolicyOut['horse'],
    owner: p.owner as HorsePolicyOut['owner'],
    net_premium: amountNumber(p.netPremium.toString()),
    vat: amountNumber(p.vat.toString()),
    price: amountNumber(p.price.toString()),
    start_date: p.startDate,
    end_date: p.endDate,
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
export function shownHorsePolicy(view: HorsePolicyView, publicBaseUrl: string): ShownPolicy {
  return { family: 'horse', clientId: view.policy.clientId, policy: presentHorsePolicy(view, publicBaseUrl) };
}
