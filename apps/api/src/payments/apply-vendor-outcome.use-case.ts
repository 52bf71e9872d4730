import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, money } from '@lib/common';
import { withSandboxScope, type PaymentVendor, type WireVendorPayment } from '@lib/providers';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { ActivatePaymentUseCase } from './activate-payment.use-case';
import { Payment, PaymentRepository } from './payment.repository';
import { PAYMENT_VENDOR } from './payment-vendor.token';
import { TestClocks } from '../platform/test-clocks/test-clocks';

export type AppliedOutcome =
  | { kind: 'activated' | 'already_paid' | 'refunded'; payment: Payment; redirectUrl: string | null }
  | { kind: 'failed' | 'pending'; payment: Payment }
  | { kind: 'unknown' };

/**
 * Acts on what the vendor itself says about a vendor payment, never on what a callback or a query
 * string claims: a forged notice can at most make us ask the vendor. The vendor payment must be for
 * this payment (reference) and in its currency; a paid amount other than the payment's is refunded.
 */
@Injectable()
export class ApplyVendorOutcomeUseCase {
  private readonly log = new Logger('VendorOutcome');

  constructor(
    @Inject(PAYMENT_VENDOR) private readonly vendor: PaymentVendor,
    private readonly payments: PaymentRepository,
    private readonly activate: ActivatePaymentUseCase,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(vendorPaymentId: string, expectedPaymentId?: string): Promise<AppliedOutcome> {
    const vp = await this.vendor.getPayment(vendorPaymentId);
    if (!vp) return { kind: 'unknown' };
    const payment = await this.payments.findById(vp.reference);
    if (!payment || (expectedPaymentId && payment.id !== expectedPaymentId) || vp.currency !== payment.currency) {
      this.log.warn(`vendor payment ${vp.id} does not match a payment of ours; ignored`);
      return { kind: 'unknown' };
    }
    await this.testClocks.adopt({ type: 'payment', key: payment.id });
    if (vp.status === 'paid') {
      // The insurer issues in the payment's client's sandbox scope: the behaviour that client set applies to its activations too.
      // A charge of another amount than the payment's is refunded in full, never applied.
      const activate = () => this.activate.execute(payment.id, vp.id, money(vp.amount));
      const done = await (this.config.env === 'sandbox' ? withSandboxScope(payment.clientId, activate) : activate());
      return { kind: done.result, payment: done.payment, redirectUrl: done.redirectUrl };
    }
    if (vp.status === 'declined' || vp.status === 'failed') return { kind: 'failed', payment: await this.markFailed(payment.id, vp) };
    return { kind: 'pending', payment };
  }

  /** Only the current attempt of a payment not paid yet may mark it failed (a late notice of an old attempt may not). */
  private async markFailed(paymentId: string, vp: WireVendorPayment): Promise<Payment> {
    return this.payments.transaction(async (tx) => {
      const p = (await this.payments.lock(tx, paymentId))!;
      if (p.status !== 'pending' || p.vendorReference !== vp.id) return p;
      const now = this.clock.now();
      return this.payments.update(tx, p.id, { status: 'failed', failureCode: vp.failure_code ?? vp.status, updatedAt: now });
    });
  }
}
