import type { ZodType } from 'zod';
import { callContract, lookupContract, type ContractCall, type FailureFactory } from '../shared/contract-call';
import { PaymentVendor, PaymentVendorError } from './payment-vendor.port';
import { wireCheckoutResponseSchema, wireRefundSchema, wireVendorPaymentSchema, type WireCheckoutRequest, type WireRefundRequest } from './payment-vendor.wire';

export interface HttpPaymentVendorOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}

/** The payment vendor port over HTTP, with its API key; every answer is checked against the contract. */
export class HttpPaymentVendor implements PaymentVendor {
  private readonly baseUrl: string;

  constructor(private readonly options: HttpPaymentVendorOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  createCheckout(request: WireCheckoutRequest) {
    return callContract(this.contract('POST', '/vendor/checkouts', request, wireCheckoutResponseSchema), vendorError);
  }

  getPayment(vendorPaymentId: string) {
    return lookupContract(this.contract('GET', `/vendor/payments/${encodeURIComponent(vendorPaymentId)}`, undefined, wireVendorPaymentSchema), vendorError);
  }

  refund(vendorPaymentId: string, request: WireRefundRequest) {
    return callContract(this.contract('POST', `/vendor/payments/${encodeURIComponent(vendorPaymentId)}/refunds`, request, wireRefundSchema), vendorError);
  }

  private contract<T>(method: string, path: string, body: unknown, schema: ZodType<T>): ContractCall<T> {
    return {
      baseUrl: this.baseUrl,
      method,
      path,
      body,
      schema,
      timeoutMs: this.options.timeoutMs ?? 10_000,
      headers: { authorization: `Bearer ${this.options.apiKey}` },
    };
  }
}

const vendorError: FailureFactory = (_failure, message, _details, status) => new PaymentVendorError(message, status);
