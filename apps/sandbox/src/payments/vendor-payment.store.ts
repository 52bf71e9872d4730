import { randomBytes } from 'node:crypto';
import { amountString, money } from '@lib/common';
import type { WireCheckoutRequest, WireRefund, WireRefundRequest, WireVendorPayment, VendorPaymentStatus } from '@lib/providers';

export interface VendorPaymentRecord extends WireCheckoutRequest {
  id: string;
  status: VendorPaymentStatus;
  failure_code: string | null;
  created_at: string;
  updated_at: string;
  refunds: WireRefund[];
}

export type RefundOutcome = { ok: true; refund: WireRefund; again: boolean } | { ok: false; code: 'not_paid' | 'over_refund'; message: string };

/** The vendor's payments in memory. One open checkout per merchant reference: opening it again reuses it. */
export class VendorPaymentStore {
  private readonly payments = new Map<string, VendorPaymentRecord>();

  open(request: WireCheckoutRequest, at: Date): VendorPaymentRecord {
    const open = [...this.payments.values()].find((p) => p.reference === request.reference && p.status === 'pending' && p.amount === request.amount);
    if (open && Date.parse(open.expires_at) > at.getTime()) return open;
    const record: VendorPaymentRecord = {
      ...request,
      id: `vp_${randomBytes(12).toString('hex')}`,
      status: 'pending',
      failure_code: null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
      refunds: [],
    };
    this.payments.set(record.id, record);
    return record;
  }

  get(id: string): VendorPaymentRecord | undefined {
    return this.payments.get(id);
  }

  settle(id: string, status: VendorPaymentStatus, failureCode: string | null, at: Date): VendorPaymentRecord {
    const record = this.payments.get(id)!;
    record.status = status;
    record.failure_code = failureCode;
    record.updated_at = at.toISOString();
    return record;
  }

  /** A refund of a paid payment, never more than was paid in all; the same reference answers the first refund again. */
  refund(id: string, request: WireRefundRequest, at: Date): RefundOutcome {
    const record = this.payments.get(id)!;
    const earlier = record.refunds.find((r) => r.reference === request.reference);
    if (earlier) return { ok: true, refund: earlier, again: true };
    if (record.status !== 'paid') return { ok: false, code: 'not_paid', message: 'Only a paid payment can be refunded.' };
    const refunded = record.refunds.reduce((sum, r) => sum.plus(money(r.amount)), money('0'));
    if (refunded.plus(money(request.amount)).greaterThan(money(record.amount))) {
      return { ok: false, code: 'over_refund', message: `At most ${amountString(money(record.amount).minus(refunded))} can still be refunded.` };
    }
    const refund: WireRefund = {
      id: `vr_${randomBytes(12).toString('hex')}`,
      payment_id: record.id,
      reference: request.reference,
      amount: request.amount,
      currency: request.currency,
      status: 'succeeded',
      created_at: at.toISOString(),
    };
    record.refunds.push(refund);
    record.updated_at = at.toISOString();
    return { ok: true, refund, again: false };
  }

  clear(): void {
    this.payments.clear();
  }
}

/** What the merchant may read back: never card data (the vendor keeps none in this sandbox anyway). */
export function presentVendorPayment(p: VendorPaymentRecord): WireVendorPayment {
  return {
    id: p.id,
    reference: p.reference,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    failure_code: p.failure_code,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}
