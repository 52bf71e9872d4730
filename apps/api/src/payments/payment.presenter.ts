import { amountNumber, formatDateTime, formatNullableDateTime } from '@lib/common';
import { Payment, paymentLink } from './payment.repository';

/** A payment record as partners (GET /payments) and the console see it. */
export function presentPayment(p: Payment, publicBaseUrl: string) {
  const open = p.status === 'pending' || p.status === 'failed';
  return {
    id: p.id,
    status: p.status,
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
  };
}

export const PAYMENT_EXAMPLE = {
  id: '0d9b4c1e-5d7a-4f0e-9c61-2b7f3f7d9a10',
  status: 'paid',
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
};
