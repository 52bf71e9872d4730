import { amountNumber, amountString, formatDateTime, formatNullableDateTime, sum } from '@lib/common';
import { paymentLink, type PresentablePayment, type PresentableRefund } from './payment.repository';
import { reasonText } from './payment-status-reasons';
import type { PaymentOut, RefundOut } from './payment.response';

/** A refund of a payment: what went back (or is going back) to the card, and why. */
export function presentRefund(r: PresentableRefund): RefundOut {
  return {
    id: r.id,
    amount: amountNumber(r.amount.toString()),
    currency: r.currency,
    status: r.status as RefundOut['status'],
    reason: r.reason,
    vendor_refund_id: r.vendorRefundId,
    created_at: formatDateTime(r.createdAt),
    refunded_at: formatNullableDateTime(r.refundedAt),
  };
}

/** A payment record as partners (GET /payments) and the console see it, with its refunds. */
export function presentPayment(p: PresentablePayment, publicBaseUrl: string, refunds: PresentableRefund[] = []): PaymentOut {
  const open = p.status === 'pending' || p.status === 'failed';
  return {
    id: p.id,
    status: p.status as PaymentOut['status'],
    status_reason: p.statusReason as PaymentOut['status_reason'],
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
export function presentPayments(rows: PresentablePayment[], refunds: Array<PresentableRefund & { paymentId: string }>, publicBaseUrl: string) {
  return rows.map((p) =>
    presentPayment(
      p,
      publicBaseUrl,
      refunds.filter((r) => r.paymentId === p.id),
    ),
  );
}
