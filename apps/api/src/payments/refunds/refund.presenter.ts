import { amountNumber, formatDateTime, formatNullableDateTime } from '@lib/common';
import type { Refund } from '@lib/db/generated/prisma/client';
import type { AdminRefundOut } from '../admin/admin-payments.response';
import type { RefundStatus } from './refund.repository';

/** A refund as the console shows it: what is owed, to whom, why, and where its payout stands. */
export function presentAdminRefund(r: Refund, clientName: string | null): AdminRefundOut {
  return {
    id: r.id,
    payment_id: r.paymentId,
    client_id: r.clientId,
    client_name: clientName,
    policy_type: r.policyType,
    policy_id: r.policyId,
    amount: amountNumber(r.amount),
    currency: r.currency,
    reason: r.reason,
    status: r.status as RefundStatus,
    attempts: r.attempts,
    last_error: r.lastError,
    vendor_payment_id: r.vendorPaymentId,
    vendor_refund_id: r.vendorRefundId,
    next_attempt_at: r.status === 'pending' ? formatDateTime(r.nextAttemptAt) : null,
    refunded_at: formatNullableDateTime(r.refundedAt),
    created_at: formatDateTime(r.createdAt),
    updated_at: formatDateTime(r.updatedAt),
  };
}
