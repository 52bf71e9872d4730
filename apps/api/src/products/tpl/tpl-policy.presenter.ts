import { amountNumber, formatDateTime, productId } from '@lib/common';
import type { Payment, TplPolicy } from '@lib/db/generated/prisma/client';
import { paymentLink } from '../../payments/payment.repository';
import { TPL_PRODUCT } from './tpl-provider.token';
import type { ShownPolicy } from '../../policies/events/policy-events';
import { PolicyStatus } from '../../policies/policy-status';
import type { FileStore } from '../../platform/files/file-store';
import { policyRedirectUrl } from '../../policies/policy-redirect-url';
import type { TplPolicyOut } from './tpl-policy.response';

const dt = (d: Date | null) => (d ? formatDateTime(d) : null);

/**
 * The TPL v2 policy object (the digest's fields). `provider_policy_id` is a string (the insurer's policy
 * number) or null until issued; `price` stays on the policy in every state (unlike motor v1, where it is
 * nulled once paid) because the cancellation refund is computed from it; `payment_link` only while pending.
 */
export function presentTplPolicy(p: TplPolicy, payment: Pick<Payment, 'linkToken'> | null, publicBaseUrl: string, istimarahUrl: string | null): TplPolicyOut {
  return {
    id: p.id,
    status: p.status as TplPolicyOut['status'],
    meta_data: {
      vin: p.vin,
      email: p.email,
      car_sequence_number: p.carSequenceNumber,
      current_car_owner: p.currentCarOwner,
      new_owner_id: p.newOwnerId,
      istimarah: istimarahUrl,
      extra_fields: (p.extraFields as Record<string, unknown> | null) ?? null,
      ...(p.status === PolicyStatus.OnHold ? { incorrect_info_message: p.holdReason } : {}),
    },
    product_id: productId(TPL_PRODUCT),
    insurance_company_id: p.insurerCode,
    provider_policy_id: p.providerPolicyId,
    price: amountNumber(p.price.toString()),
    payment_link: p.status === PolicyStatus.Pending && payment ? paymentLink(publicBaseUrl, payment.linkToken) : null,
    start_date: p.startDate,
    end_date: p.endDate,
    refund_amount: p.refundAmount ? amountNumber(p.refundAmount.toString()) : null,
    uploaded_at: formatDateTime(p.createdAt),
    purchased_at: dt(p.purchasedAt),
    policy_url: p.policyUrl,
    invoice_url: p.invoiceUrl,
    redirect_url: policyRedirectUrl(p.redirectUrl, p.id),
    // A cancellation by the partner is the registered transfer (its document proves it); the insurer
    // confirms at once, so request and confirmation share the cancellation's time.
    transfer_date_at: p.canceledBy === 'client' ? dt(p.canceledAt) : null,
    cancellation_request_at: dt(p.canceledAt),
    cancellation_confirmed_at: dt(p.canceledAt),
    canceled_at: dt(p.canceledAt),
    created_at: formatDateTime(p.createdAt),
    updated_at: formatDateTime(p.updatedAt),
  };
}

/** The policy as its webhooks report it: exactly Show Policy's object, with its istimarah's URL. */
export function shownTplPolicy(
  policy: TplPolicy,
  payment: Pick<Payment, 'linkToken'> | null,
  publicBaseUrl: string,
  files: Pick<FileStore, 'urlOf'>,
): ShownPolicy {
  const istimarahUrl = files.urlOf({ id: policy.istimarahFileId, contentType: policy.istimarahType });
  return { family: 'tpl', clientId: policy.clientId, policy: presentTplPolicy(policy, payment, publicBaseUrl, istimarahUrl) };
}
