import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '@lib/common';
import { PolicyDocumentsWorker } from './policy-documents.worker';
import { Payment, PaymentRepository } from './payment.repository';
import { PolicyActivators } from './policy-activators';

export interface ActivationOutcome {
  payment: Payment;
  /** True only for the one call that moved the policy to active. */
  activated: boolean;
  redirectUrl: string | null;
}

/**
 * A verified, paid vendor payment activates its policy exactly once. Everything happens in one
 * transaction holding the payment's row lock, so duplicate or concurrent callbacks and the customer's
 * return are serialised and only the first finds the payment unpaid:
 *
 *   BEGIN; SELECT ... FROM payments WHERE id = $1 FOR UPDATE;
 *     (already paid -> nothing to do)
 *     activator.activate(tx)   policy status 0 -> 1, insurer's policy id, status webhook (outbox)
 *     payments.status = paid
 *   COMMIT; then the policy document is produced in the background.
 */
@Injectable()
export class ActivatePaymentUseCase {
  private readonly log = new Logger('ActivatePayment');

  constructor(
    private readonly payments: PaymentRepository,
    private readonly activators: PolicyActivators,
    private readonly documents: PolicyDocumentsWorker,
    private readonly clock: Clock,
  ) {}

  async execute(paymentId: string, vendorPaymentId: string): Promise<ActivationOutcome> {
    const outcome = await this.payments.transaction(async (tx) => {
      const payment = await this.payments.lock(tx, paymentId);
      if (!payment) throw new Error(`payment ${paymentId} vanished`);
      if (payment.status === 'paid' || payment.status === 'refunded') return { payment, activated: false, redirectUrl: null };
      const now = this.clock.now();
      const result = await this.activators.get(payment.policyType).activate(tx, payment, now);
      const paid = await this.payments.update(tx, payment.id, { status: 'paid', paidAt: now, vendorReference: vendorPaymentId, failureCode: null, updatedAt: now });
      return { payment: paid, activated: true, redirectUrl: result.redirectUrl };
    });
    // Outside the transaction: on the embedded database a query beside an open transaction waits for it.
    if (!outcome.activated) return { ...outcome, redirectUrl: await this.activators.get(outcome.payment.policyType).redirectUrl(outcome.payment) };
    this.log.log(`payment ${paymentId} activated ${outcome.payment.policyType} policy ${outcome.payment.policyId}`);
    this.documents.schedule(outcome.payment.policyType, outcome.payment.policyId);
    return outcome;
  }
}
