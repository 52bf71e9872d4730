import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { PayPageService } from '../page/pay-page.service';
import { Payment, PaymentRepository } from '../payment.repository';
import { presentPayment } from '../payment.presenter';
import type { SandboxPaymentAttemptOut } from './sandbox-payment.response';

/** The sandbox test cards by the outcome they produce (docs/payments.md "Sandbox test cards"). */
export const TEST_CARD_OUTCOMES = {
  paid: '4111111111111111',
  card_declined: '4000000000000002',
  insufficient_funds: '4000000000009995',
  processing_error: '4000000000000119',
} as const;
export type TestCardOutcome = keyof typeof TEST_CARD_OUTCOMES;

/**
 * Pays a payment link the way a customer's browser does, without a browser: opens the checkout on the hosted
 * page, submits the test card on the vendor's card page (which settles and sends its signed callback), and comes
 * back through the return page. Same vendor, callback and activation path as a person paying.
 */
@Injectable()
export class HeadlessPayment {
  constructor(
    private readonly page: PayPageService,
    private readonly payments: PaymentRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async pay(clientId: string, ref: { payment_link?: string | null; payment_id?: string | null }, outcome: TestCardOutcome): Promise<SandboxPaymentAttemptOut> {
    const payment = await this.owned(clientId, ref);
    const started = await this.page.checkout(payment.linkToken, 'en');
    if (started.kind !== 'redirect') {
      const now = (await this.payments.findById(payment.id))!;
      throw new ApiError('CONFLICT', `The payment cannot be paid: it is ${now.status}.`);
    }
    const form = new URLSearchParams({ card_number: TEST_CARD_OUTCOMES[outcome], expiry: '12/30', cvc: '123', name: 'Sandbox Test' });
    let location: string | null;
    try {
      const res = await fetch(started.location, { method: 'POST', body: form, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
      await res.arrayBuffer();
      location = res.status === 303 ? res.headers.get('location') : null;
    } catch (err) {
      throw new ApiError('PROVIDER_FAILED', `The card vendor did not answer: ${(err as Error).message}`);
    }
    if (!location) throw new ApiError('PROVIDER_FAILED', 'The card vendor did not take the test card.');
    const vendorPaymentId = new URL(location).searchParams.get('vendor_payment_id') ?? undefined;
    await this.page.returned(payment.linkToken, vendorPaymentId);
    return { outcome, payment: presentPayment((await this.payments.findById(payment.id))!, this.config.publicBaseUrl) };
  }

  /** The caller's own payment, by its link or id; anyone else's is 404. */
  private async owned(clientId: string, ref: { payment_link?: string | null; payment_id?: string | null }): Promise<Payment> {
    let payment: Payment | null = null;
    if (ref.payment_id) payment = await this.payments.findById(ref.payment_id);
    else if (ref.payment_link) {
      const token = /\/pay\/([\w-]+)\/?$/.exec(new URL(ref.payment_link).pathname)?.[1];
      payment = token ? await this.payments.findByToken(token) : null;
    }
    if (!payment || payment.clientId !== clientId) throw ApiError.notFound('No payment of yours with this link or id.');
    return payment;
  }
}
