import { randomBytes } from 'node:crypto';
import type { WireCheckoutRequest, WireVendorPayment, VendorPaymentStatus } from '@lib/providers';

export interface VendorPaymentRecord extends WireCheckoutRequest {
  id: string;
  status: VendorPaymentStatus;
  failure_code: string | null;
  created_at: string;
  updated_at: string;
}

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

  clear(): void {
    this.payments.clear();
  }
}

/** What the merchant may read back: never card data (the vendor keeps none in this sandbox anyway). */
export function presentVendorPayment(p: VendorPaymentRecord): WireVendorPayment {
  return { id: p.id, reference: p.reference, amount: p.amount, currency: p.currency, status: p.status, failure_code: p.failure_code, created_at: p.created_at, updated_at: p.updated_at };
}
