import { amountNumber, amountString, formatDateTime, formatNullableDateTime, sum } from '@lib/common';
import { Payment, paymentLink, Refund } from './payment.repository';
import { reasonText } from './payment-status-reasons';

/** A refund of a payment: what went back (or is going back) to the card, and why. */
export function presentRefund(r: Refund) {
  return {
    id: r.id,
    amount: amountNumber(r.amount.toString()),
    currency: r.currency,
    status: r.status,
    reason: r.reason,
    vendor_refund_id: r.vendorRefundId,
    created_at: formatDateTime(r.createdAt),
    refunded_at: formatNullableDateTime(r.refundedAt),
  };
}

/** A payment record as partners (GET /payments) and the console see it, with its refunds. */
export function presentPayment(p: Payment, publicBaseUrl: string, refunds: Refund[] = []) {
  const open = p.status === 'pending' || p.status === 'failed';
  return {
    id: p.id,
    status: p.status,
    status_reason: p.statusReason,
    status_message: reasonText(p.statusReason),
    amount: amountNumber(p.amount.toString()),
    currency: p.currency,
    vendor_reference: p.vendorReference,
    failure_code: p.failureCode,
    policy_type: p.policyType,
    policy_id: p.policyId,
    payment_link: open ? paymentLink(publicBaseUrl, p.linkToken) : null,
    expires_at: formatDateTime(p.expiresAt),
    paid_at: formatNullableDateTime(p.paidAt),
    created_at: formatDateTime(p.createdAt),
    updated_at: formatDateTime(p.updatedAt),
    refunded_amount: refunds.length ? amountNumber(amountString(sum(refunds.map((r) => r.amount.toString())))) : 0,
    refunds: refunds.map(presentRefund),
  };
}

/** Payments with their refunds, in one query for the page. */
export function presentPayments(rows: Payment[], refunds: Refund[], publicBaseUrl: string) {
  return rows.map((p) =>
    presentPayment(
      p,
      publicBaseUrl,
      refunds.filter((r) => r.paymentId === p.id),
    ),
  );
}

export const PAYMENT_EXAMPLE = {
  id: '0d9b4c1e-5d7a-4f0e-9c61-2b7f3f7d9a10',
  status: 'paid',
  status_reason: null,
  status_message: null,
  amount: 1158.3,
  currency: 'SAR',
  vendor_reference: 'vp_3f9c2a7d1e6b4c8a9f0e1d2c',
  failure_code: null,
  policy_type: 'motor',
  policy_id: 7,
  payment_link: null,
  expires_at: '2026-11-23T09:05:00.000000Z',
  paid_at: '2026-11-22T09:12:41.000000Z',
  created_at: '2026-11-22T09:05:00.000000Z',
  updated_at: '2026-11-22T09:12:41.000000Z',
  refunded_amount: 0,
  refunds: [],
};
