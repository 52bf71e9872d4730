import { amountNumber, formatDateTime, formatNullableDateTime, productId, type ProductCode } from '@lib/common';
import type { MotorPolicy, Payment } from '@lib/db/generated/prisma/client';
import { paymentLink } from '../../../payments/payment.repository';
import type { ShownPolicy } from '../../../policies/events/policy-events';
import { PolicyStatus } from '../../../policies/policy-status';
import type { MotorIssuedPolicyOut, MotorPolicyOut } from './motor-policy.response';

/** The policy's fields the object is built from (Show Policy reads only these; its plain SQL gives the price as a string). */
export type PresentableMotorPolicy = PickedPolicy & { price: MotorPolicy['price'] | string };
type PickedPolicy = Pick<
  MotorPolicy,
  | 'id'
  | 'clientId'
  | 'quoteRequestId'
  | 'priceId'
  | 'productCode'
  | 'ownerId'
  | 'previousOwnerId'
  | 'carSequenceNumber'
  | 'extraData'
  | 'status'
  | 'providerPolicyId'
  | 'providerPolicy'
  | 'invoiceUrl'
  | 'startDate'
  | 'endDate'
  | 'purchasedAt'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * The spec's motor policy object. `payment_link` and `price` are null once issued (status 1);
 * `product_id` is present when the policy is shown again, not in the issuance response. The real
 * service's fields its webhook guide promises ride along: cover dates, purchase time and the documents.
 */
export function presentMotorPolicy(
  p: PresentableMotorPolicy,
  payment: Pick<Payment, 'linkToken'> | null,
  publicBaseUrl: string,
  shownAgain: true,
): MotorPolicyOut;
export function presentMotorPolicy(
  p: PresentableMotorPolicy,
  payment: Pick<Payment, 'linkToken'> | null,
  publicBaseUrl: string,
  shownAgain: false,
): MotorIssuedPolicyOut;
export function presentMotorPolicy(
  p: PresentableMotorPolicy,
  payment: Pick<Payment, 'linkToken'> | null,
  publicBaseUrl: string,
  shownAgain: boolean,
): MotorPolicyOut | MotorIssuedPolicyOut {
  const pending = p.status === PolicyStatus.Pending;
  return {
    id: p.id,
    meta_data: {
      extra_data: (p.extraData as Record<string, unknown> | null) ?? null,
      new_owner_id: p.ownerId,
      previous_owner_id: p.previousOwnerId,
      quote_price_id: p.priceId,
      quote_request_id: p.quoteRequestId,
      car_sequence_number: p.carSequenceNumber ? Number(p.carSequenceNumber) : null,
    },
    ...(shownAgain ? { product_id: productId(p.productCode as ProductCode) } : {}),
    provider_policy_id: p.providerPolicyId,
    provider_policy: p.providerPolicy,
    created_at: formatDateTime(p.createdAt),
    status: p.status as MotorPolicyOut['status'],
    payment_link: pending && payment ? paymentLink(publicBaseUrl, payment.linkToken) : null,
    price: pending ? amountNumber(p.price.toString()) : null,
    client_id: p.clientId,
    start_date: p.startDate,
    end_date: p.endDate,
    expiration_date: p.endDate,
    purchased_at: formatNullableDateTime(p.purchasedAt),
    uploaded_at: formatNullableDateTime(p.purchasedAt),
    policy_url: p.providerPolicy,
    invoice_url: p.invoiceUrl,
    updated_at: formatDateTime(p.updatedAt),
  };
}

/** The policy as its webhooks report it: Show Policy's object as a repeated read answers it, with its pending payment (null once paid). */
export function shownMotorPolicy(policy: MotorPolicy, pendingPayment: Payment | null, publicBaseUrl: string): ShownPolicy {
  return { family: 'motor', clientId: policy.clientId, policy: presentMotorPolicy(policy, pendingPayment, publicBaseUrl, true) };
}
