import type { WireCheckoutRequest, WireCheckoutResponse, WireVendorPayment } from './payment-vendor.wire';

export class PaymentVendorError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'PaymentVendorError';
  }
}

/** What the payments module needs from the card vendor. Failures are thrown as PaymentVendorError. */
export interface PaymentVendor {
  createCheckout(request: WireCheckoutRequest): Promise<WireCheckoutResponse>;
  /** The vendor's own record: the only thing the service trusts about an outcome. Null when unknown. */
  getPayment(vendorPaymentId: string): Promise<WireVendorPayment | null>;
}
