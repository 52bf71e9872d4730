import type { WireCheckoutRequest, WireCheckoutResponse, WireRefund, WireRefundRequest, WireVendorPayment } from './payment-vendor.wire';

export class PaymentVendorError extends Error {
  /** `status` is the vendor's HTTP status when it answered; a 4xx is a refusal, worth no retry. */
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentVendorError';
  }
}

/** What the payments module needs from the card vendor. Failures are thrown as PaymentVendorError. */
export interface PaymentVendor {
  createCheckout(request: WireCheckoutRequest): Promise<WireCheckoutResponse>;
  /** The vendor's own record: the only thing the service trusts about an outcome. Null when unknown. */
  getPayment(vendorPaymentId: string): Promise<WireVendorPayment | null>;
  /** Pays back part or all of a paid payment; the same reference again answers the same refund. */
  refund(vendorPaymentId: string, request: WireRefundRequest): Promise<WireRefund>;
}
