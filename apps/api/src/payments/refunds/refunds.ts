import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { amountString, RealClock, money, type Money } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import type { Payment, Refund } from '@lib/db/generated/prisma/client';
import type { PaymentStatusReason } from '../payment-status-reasons';
import { PaymentVendor, PaymentVendorError } from '@lib/providers';
import { PAYMENT_VENDOR } from '../payment-vendor.token';
import { PeriodicSweep } from '../../platform/periodic-sweep';
import { PaymentRepository } from '../payment.repository';
import { DueRefund, RefundRepository } from './refund.repository';

/** The refund's payout, as the cancellation operations describe it. */
export const REFUND_PAYOUT_DOC =
  'The refund goes back to the card that paid, through the card vendor, right after the cancellation (retried while the vendor is down).';

/** Tries before a refund the vendor keeps failing is left to operations as `failed`. */
export const MAX_REFUND_ATTEMPTS = 8;
/** How long a worker holds a refund it is paying out before another may try it. */
const LEASE_MS = 60_000;
const BATCH = 20;

/** Waits after the n-th failed try: 30 s, 1 min, 2 min ... at most an hour. */
export function refundBackoffMs(attempts: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

export interface OwedRefund {
  policyType: string;
  policyId: number;
  amount: Money;
  at: Date;
}

/**
 * Refunds of cancelled policies, paid out through the card vendor. `owe` writes the refund in the
 * cancellation's transaction (so a cancellation never commits without its refund, nor a refund without
 * its cancellation); the worker then pays it with the refund's id as the vendor's idempotency
 * reference, so a retry after a lost answer never pays twice. A vendor that is down is tried again with
 * backoff; one that refuses (4xx) leaves the refund `failed` for operations, as does the last try.
 */
@Injectable()
export class Refunds extends PeriodicSweep {
  private readonly log = new Logger('Refunds');

  constructor(
    private readonly refunds: RefundRepository,
    private readonly payments: PaymentRepository,
    @Inject(PAYMENT_VENDOR) private readonly vendor: PaymentVendor,
    private readonly clock: RealClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  protected get intervalMs(): number {
    return this.config.refundPollMs;
  }

  /**
   * Records the refund of the policy's paid payment; none when nothing is owed or nothing was paid.
   * The payment is then `refunded` (reason `policy_cancelled`), its refunds saying how much.
   */
  async owe(tx: Prisma.TransactionClient, owed: OwedRefund): Promise<Refund | null> {
    if (!owed.amount.greaterThan(0)) return null;
    const payment = await this.payments.lastPaidOf(tx, owed.policyType, owed.policyId);
    if (!payment) return null;
    const amount = money(owed.amount).greaterThan(payment.amount.toString()) ? money(payment.amount.toString()) : money(owed.amount);
    return this.record(tx, payment, payment.vendorReference!, amount, 'policy_cancelled', owed.at);
  }

  /**
   * Gives back in full money the vendor confirmed that cannot be applied (the payment page's or a
   * callback's outcome): one refund per vendor payment, so a repeated confirmation records nothing new.
   */
  async refundInFull(
    tx: Prisma.TransactionClient,
    payment: Payment,
    vendorPaymentId: string,
    amount: Money,
    reason: PaymentStatusReason,
    at: Date,
  ): Promise<Refund> {
    const earlier = await this.refunds.forVendorPayment(tx, vendorPaymentId);
    return earlier ?? this.record(tx, payment, vendorPaymentId, amount, reason, at);
  }

  private async record(
    tx: Prisma.TransactionClient,
    payment: Payment,
    vendorPaymentId: string,
    amount: Money,
    reason: PaymentStatusReason,
    at: Date,
  ): Promise<Refund> {
    const refund = await this.refunds.create(tx, {
      id: randomUUID(),
      clientId: payment.clientId,
      paymentId: payment.id,
      vendorPaymentId,
      reason,
      policyType: payment.policyType,
      policyId: payment.policyId,
      amount: amountString(amount),
      currency: payment.currency,
      status: 'pending',
      nextAttemptAt: at,
      createdAt: at,
      updatedAt: at,
    });
    // A paid payment becomes refunded only when the charge that paid it goes back (a cancellation's refund):
    // another charge of it (a second tab, a wrong amount) goes back alone and the payment stays paid.
    if (payment.status !== 'paid' || payment.vendorReference === vendorPaymentId) {
      await this.payments.update(tx, payment.id, { status: 'refunded', statusReason: reason, updatedAt: at });
    }
    return refund;
  }

  /** Pays what is owed now instead of at the next tick (after a cancellation commits). */
  kick(): void {
    this.sweepQuietly();
  }

  protected async run(): Promise<number> {
    const now = this.clock.now();
    // Claimed with a lease: another worker (instance) skips these until it runs out.
    const due = await this.refunds.claimDue(now, new Date(now.getTime() + LEASE_MS), BATCH);
    for (const r of due) await this.payOut(r);
    return due.length;
  }

  private async payOut(r: DueRefund): Promise<void> {
    const attempts = r.attempts + 1;
    try {
      const paid = await this.vendor.refund(r.vendor_payment_id, { reference: r.id, amount: amountString(money(r.amount)), currency: 'SAR' });
      const at = this.clock.now();
      await this.refunds.markPaidOut(r.id, paid.id, attempts, at);
      this.log.log(`refund ${r.id} paid out (${r.amount} ${r.currency})`);
    } catch (err) {
      const at = this.clock.now();
      const refused = err instanceof PaymentVendorError && err.status !== undefined && err.status >= 400 && err.status < 500;
      const failed = refused || attempts >= MAX_REFUND_ATTEMPTS;
      const lastError = (err as Error).message.slice(0, 500);
      await this.refunds.markTryFailed(r.id, { failed, attempts, lastError, nextAttemptAt: new Date(at.getTime() + refundBackoffMs(attempts)), at });
      this.log.warn(`refund ${r.id} ${failed ? 'failed for good' : 'not paid yet, tried again later'}: ${lastError}`);
    }
  }
}
