import { amountNumber, formatDateTime, formatNullableDateTime, productId } from '@lib/common';
import { paymentLink } from '../../../payments/payment.repository';
import type { ShownTravelPolicy } from './travel-policy.repository';
import { PolicyStatus } from '../../../policies/policy-status';
import { policyRedirectUrl } from '../../../policies/policy-redirect-url';
import type { TravelPolicyOut } from '../travel.response';

export interface TravelPolicyUrls {
  publicBaseUrl: string;
  /** Absolute URL of a stored PDF. */
  fileUrl(fileId: string): string;
}

/**
 * The real service's travel policy: `meta_data` holds the purchase (bill, applicant, travellers, trip),
 * `status` 0 awaiting payment, 1 active, 2 cancelled; once paid `provider_policy_id` and, shortly after,
 * the policy and invoice PDFs (`policy_url` / `provider_policy`, `invoice_url` / `invoice`).
 */
export function presentTravelPolicy({ policy: p, quote: q, payment }: ShownTravelPolicy, urls: TravelPolicyUrls): TravelPolicyOut {
  const policyUrl = p.policyFileId ? urls.fileUrl(p.policyFileId) : null;
  const invoiceUrl = p.invoiceFileId ? urls.fileUrl(p.invoiceFileId) : null;
  const price = amountNumber(p.price.toString());
  return {
    id: p.id,
    status: p.status as TravelPolicyOut['status'],
    product_id: productId('travel'),
    client_id: p.clientId,
    quote_id: p.quoteId,
    insurer_code: p.insurerCode,
    meta_data: {
      bill: q.bill as TravelPolicyOut['meta_data']['bill'],
      email: q.email,
      price,
      duration: p.duration,
      quote_id: p.quoteId,
      start_date: p.startDate,
      travellers: q.travellers as TravelPolicyOut['meta_data']['travellers'],
      multi_entry: p.multiEntry,
      phone_number: q.phoneNumber,
      date_of_birth: q.dateOfBirth,
      nationality_id: q.nationalityId,
    },
    price,
    payment_link: p.status === PolicyStatus.Pending && payment ? paymentLink(urls.publicBaseUrl, payment.linkToken) : null,
    provider_policy_id: p.providerPolicyId,
    provider_policy: policyUrl,
    invoice: invoiceUrl,
    policy_url: policyUrl,
    invoice_url: invoiceUrl,
    redirect_url: policyRedirectUrl(p.redirectUrl, p.id),
    start_date: p.startDate,
    end_date: p.endDate,
    purchased_at: formatNullableDateTime(p.purchasedAt),
    uploaded_at: formatNullableDateTime(p.uploadedAt),
    canceled_at: formatNullableDateTime(p.cancelledAt),
    refund_amount: p.refundAmount === null ? null : amountNumber(p.refundAmount.toString()),
    created_at: formatDateTime(p.createdAt),
    updated_at: formatDateTime(p.updatedAt),
  };
}
