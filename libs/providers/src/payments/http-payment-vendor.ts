import type { ZodType } from 'zod';
import { PaymentVendor, PaymentVendorError } from './payment-vendor.port';
import { wireCheckoutResponseSchema, wireVendorPaymentSchema, type WireCheckoutRequest } from './payment-vendor.wire';

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
    return this.call('POST', '/vendor/checkouts', request, wireCheckoutResponseSchema).then((r) => r!);
  }

  getPayment(vendorPaymentId: string) {
    return this.call('GET', `/vendor/payments/${encodeURIComponent(vendorPaymentId)}`, undefined, wireVendorPaymentSchema);
  }

  private async call<T>(method: string, path: string, body: unknown, schema: ZodType<T>): Promise<T | null> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${this.options.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new PaymentVendorError(`${method} ${path} failed: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (res.status === 404 && method === 'GET') return null;
    if (res.status >= 300) throw new PaymentVendorError(`${method} ${path} answered HTTP ${res.status}.`, res.status);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PaymentVendorError(`${method} ${path} answered a body that is not JSON.`, res.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new PaymentVendorError(`${method} ${path} broke the contract.`, res.status);
    return parsed.data;
  }
}
