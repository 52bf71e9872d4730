import { Injectable, Logger } from '@nestjs/common';
import { Clock, money, type Money } from '@lib/common';
import { PolicyDocumentsWorker } from './policy-documents.worker';
import { Payment, PaymentRepository } from './payment.repository';
import type { PaymentStatusReason } from './payment-status-reasons';
import { PolicyActivators, PolicyTermEnds } from './policy-activators';
import { Refunds } from './refunds/refunds';
import { TaxInvoices } from './tax-invoices/tax-invoices';
import { RefundRepository } from './refunds/refund.repository';

export interface ActivationOutcome {
  payment: Payment;
  /** What became of the confirmed money: applied now, applied earlier, or given back. */
  result: 'activated' | 'already_paid' | 'refunded';
  redirectUrl: string | null;
}

/**
 * Money the vendor confirmed is applied to what it was for, or refunded in full: never kept for
 * nothing. Everything happens in one transaction holding the payment's row lock, so duplicate or
 * concurrent callbacks, the reconciler and the customer's return are serialised:
 *
 *   BEGIN; SELECT ... FROM payments WHERE id = $1 FOR UPDATE;
 *     this vendor payment already applied or refunded -> nothing to do
 *     payment paid by another vendor payment (two tabs) -> refund this one (already_paid)
 *     link withdrawn (cancelled) -> refund with the link's reason
 *     family says it is no longer payable -> refund with its reason
 *     otherwise activator.activate(tx): policy 0 -> 1, insurer's policy id, status webhook; the seller's next
 *       simplified tax invoice number (tax_invoice_counters, locked until commit); payment paid;
 *       the policy's expiry due event when its family has a term
 *   COMMIT; then the refund worker pays back, or the policy document is produced, in the background.
 *
 * A lapsed link (`expired`) whose checkout had started is still applied: the customer paid on the
 * vendor's page in time, and the policy still waits for it. An insurer that fails to issue throws, so
 * the vendor's retry or the reconciler tries again later.
 */
@Injectable()
export class ActivatePaymentUseCase {
  private readonly log = new Logger('ActivatePayment');

  constructor(
    private readonly payments: PaymentRepository,
    private readonly products: PolicyActivators,
    private readonly documents: PolicyDocumentsWorker,
    private readonly refunds: Refunds,
    private readonly refundRows: RefundRepository,
    private readonly clock: Clock,
    private readonly expiry: PolicyTermEnds,
    private readonly taxInvoices: TaxInvoices,
  ) {}

  async execute(paymentId: string, vendorPaymentId: string, charged?: Money): Promise<ActivationOutcome> {
    const outcome = await this.payments.transaction(async (tx): Promise<ActivationOutcome> => {
      const payment = await this.payments.lock(tx, paymentId);
      if (!payment) throw new Error(`payment ${paymentId} vanished`);
      const now = this.clock.now();
      const refund = async (reason: PaymentStatusReason): Promise<ActivationOutcome> => {
        await this.refunds.refundInFull(tx, payment, vendorPaymentId, charged ?? money(payment.amount.toString()), reason, now);
        return { payment: (await this.payments.lock(tx, paymentId))!, result: 'refunded', redirectUrl: null };
      };
      if (await this.refundRows.forVendorPayment(tx, vendorPaymentId)) return { payment, result: 'refunded', redirectUrl: null };
      if (charged && !charged.equals(payment.amount.toString())) return refund('amount_mismatch');
      if (payment.status === 'paid')
        return payment.vendorReference === vendorPaymentId ? { payment, result: 'already_paid', redirectUrl: null } : refund('already_paid');
      if (payment.status === 'refunded' || payment.status === 'cancelled') return refund((payment.statusReason as PaymentStatusReason | null) ?? 'not_payable');
      const activator = this.products.activator(payment.policyType);
      const verdict = await activator.payable(tx, payment);
      if (!verdict.payable) return refund(verdict.reason);
      const result = await activator.activate(tx, payment, now);
      // Numbered here, in the activation's transaction: a rolled-back activation gives its invoice number back.
      await this.taxInvoices.issue(tx, payment, result.invoices, now);
      if (result.endsAt) await this.expiry.schedule(tx, payment.policyType, payment.policyId, result.endsAt, now);
      for (const ends of result.policyEnds ?? []) await this.expiry.schedule(tx, payment.policyType, ends.policyId, ends.endsAt, now);
      const paid = await this.payments.update(tx, payment.id, {
        status: 'paid',
        statusReason: null,
        paidAt: now,
        vendorReference: vendorPaymentId,
        failureCode: null,
        updatedAt: now,
      });
      return { payment: paid, result: 'activated', redirectUrl: result.redirectUrl };
    });
    // Outside the transaction: on the embedded database a query beside an open transaction waits for it.
    switch (outcome.result) {
      case 'refunded':
        this.log.warn(`payment ${paymentId}: vendor payment ${vendorPaymentId} refunded in full (${outcome.payment.statusReason ?? 'already_paid'})`);
        this.refunds.kick();
        return outcome;
      case 'already_paid':
        return { ...outcome, redirectUrl: (await this.products.activator(outcome.payment.policyType).redirectUrl?.(outcome.payment)) ?? null };
      case 'activated':
        this.log.log(`payment ${paymentId} activated ${outcome.payment.policyType} policy ${outcome.payment.policyId}`);
        this.documents.schedule(outcome.payment.policyType, outcome.payment.policyId);
        return outcome;
    }
  }
}
