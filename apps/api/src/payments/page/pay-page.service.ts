import { Inject, Injectable, Logger } from '@nestjs/common';
import { amountString, Clock, RealClock } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { PaymentVendor, PaymentVendorError } from '@lib/providers';
import { ApplyVendorOutcomeUseCase } from '../apply-vendor-outcome.use-case';
import { Payment, PaymentRepository } from '../payment.repository';
import { PAYMENT_VENDOR } from '../payment-vendor.token';
import { PolicyActivators } from '../policy-activators';
import { TestClocks } from '../../platform/test-clocks/test-clocks';
import type { PageLang } from './pay-page.i18n';
import type { PayPageState } from './pay-page.view';

export type PageAnswer = { kind: 'page'; status: number; state: PayPageState } | { kind: 'redirect'; location: string };

/** What the customer's browser may do with a payment link: see it, start a card checkout, come back. */
@Injectable()
export class PayPageService {
  private readonly log = new Logger('PayPage');

  constructor(
    private readonly payments: PaymentRepository,
    private readonly products: PolicyActivators,
    private readonly outcome: ApplyVendorOutcomeUseCase,
    private readonly clock: Clock,
    private readonly realClock: RealClock,
    private readonly testClocks: TestClocks,
    @Inject(PAYMENT_VENDOR) private readonly vendor: PaymentVendor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get vendorOrigin(): string {
    return new URL(this.config.paymentVendor.url).origin;
  }

  async show(token: string): Promise<PageAnswer> {
    const payment = await this.current(token);
    if (!payment) return page(404, { kind: 'not_found' });
    return this.stateOf(payment);
  }

  /** Opens (or reuses) the vendor checkout and sends the customer there; card data is typed on the vendor's page only. */
  async checkout(token: string, lang: PageLang): Promise<PageAnswer> {
    const payment = await this.current(token);
    if (!payment) return page(404, { kind: 'not_found' });
    if (payment.status !== 'pending' && payment.status !== 'failed') return this.stateOf(payment);
    const description = await this.products.activator(payment.policyType).describe(payment);
    if (!description) return page(404, { kind: 'not_found' });
    try {
      const checkout = await this.vendor.createCheckout({
        reference: payment.id,
        amount: amountString(payment.amount.toString()),
        currency: 'SAR',
        description: `${description.productEn} · ${description.insurerEn}`,
        locale: lang,
        return_url: `${this.config.publicBaseUrl}/pay/${token}/return`,
        callback_url: `${this.config.publicBaseUrl}/payments/vendor/callback`,
        // The vendor keeps real time: the link's time left on a sandbox test clock, from now.
        expires_at: new Date(this.realClock.now().getTime() + payment.expiresAt.getTime() - this.clock.now().getTime()).toISOString(),
      });
      // The current attempt: a failed one before it is over, and only this one may now mark the payment failed.
      if (!(await this.payments.startAttempt(payment.id, checkout.id, this.realClock.now()))) return this.stateOf((await this.payments.findById(payment.id))!);
      return { kind: 'redirect', location: checkout.checkout_url };
    } catch (err) {
      if (!(err instanceof PaymentVendorError)) throw err;
      this.log.warn(`checkout for payment ${payment.id} failed: ${err.message}`);
      return page(502, { kind: 'open', description, expiresAt: payment.expiresAt, unavailable: true });
    }
  }

  /** The customer is back from the vendor: ask the vendor (never trust the query string), then redirect or explain. */
  async returned(token: string, vendorPaymentId: string | undefined): Promise<PageAnswer> {
    const payment = await this.byToken(token);
    if (!payment) return page(404, { kind: 'not_found' });
    if (vendorPaymentId && /^[\w-]{1,64}$/.test(vendorPaymentId)) {
      try {
        const applied = await this.outcome.execute(vendorPaymentId, payment.id);
        if ((applied.kind === 'activated' || applied.kind === 'already_paid') && applied.redirectUrl)
          return { kind: 'redirect', location: applied.redirectUrl };
        if (applied.kind === 'refunded')
          return page(200, { kind: 'refunded', reason: applied.payment.status === 'paid' ? 'already_paid' : applied.payment.statusReason });
        if (applied.kind === 'pending') return page(200, { kind: 'pending' });
      } catch (err) {
        this.log.warn(`confirming payment ${payment.id} failed: ${(err as Error).message}`);
        return page(200, { kind: 'pending' });
      }
    }
    const fresh = (await this.payments.findById(payment.id))!;
    if (fresh.status === 'paid') {
      const redirect = (await this.products.activator(fresh.policyType).redirectUrl?.(fresh)) ?? null;
      return redirect ? { kind: 'redirect', location: redirect } : page(200, { kind: 'paid' });
    }
    return this.stateOf(await this.payments.expireIfDue(fresh, this.clock.now()));
  }

  private async current(token: string): Promise<Payment | null> {
    const payment = await this.byToken(token);
    return payment ? this.payments.expireIfDue(payment, this.clock.now()) : null;
  }

  /** The payment of a link; the rest of the request runs on its test clock if it has one. */
  private async byToken(token: string): Promise<Payment | null> {
    const payment = await this.payments.findByToken(token);
    if (payment) await this.testClocks.adopt({ type: 'payment', key: payment.id });
    return payment;
  }

  private async stateOf(payment: Payment): Promise<PageAnswer> {
    switch (payment.status) {
      case 'paid':
        return page(200, { kind: 'paid' });
      case 'expired':
        return page(410, { kind: 'expired' });
      case 'refunded':
        return page(200, { kind: 'refunded', reason: payment.statusReason });
      case 'cancelled':
        return page(410, { kind: 'cancelled', reason: payment.statusReason });
    }
    const description = await this.products.activator(payment.policyType).describe(payment);
    if (!description) return page(404, { kind: 'not_found' });
    return page(200, {
      kind: 'open',
      description,
      expiresAt: payment.expiresAt,
      failureCode: payment.status === 'failed' ? (payment.failureCode ?? 'default') : null,
    });
  }
}

function page(status: number, state: PayPageState): PageAnswer {
  return { kind: 'page', status, state };
}
