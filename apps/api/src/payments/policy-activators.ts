import type { Money } from '@lib/common';
import type { Prisma } from '@lib/db';
import type { Payment } from './payment.repository';
import type { Payability } from './payment-status-reasons';
import type { InvoicedSale } from './tax-invoices/tax-invoices';

/** What the payment page shows about the policy being paid for. */
export interface PaidPolicyDescription {
  productEn: string;
  productAr: string;
  insurerEn: string;
  insurerAr: string;
  /** Net of VAT, VAT, and the total charged (equal to the payment's amount). */
  subtotal: Money;
  vat: Money;
  total: Money;
  vatPercent: string;
}

export interface ActivationResult {
  /** The partner's redirect URL with `policyID` substituted (policies/policy-redirect-url.ts), or null when none was given. */
  redirectUrl: string | null;
  providerPolicyId: string;
  /**
   * What each seller (insurer) was paid, for the simplified tax invoices issued in the same transaction (one for
   * most families; medical's company payment may pay several insurers). The totals add up to the payment's amount.
   */
  invoices: InvoicedSale[];
  /**
   * When the policy's term ends, for a family that stores one and supplies a PolicyTerm: the core writes the
   * policy's expiry due event with the activation. Null or absent: no expiry event.
   */
  endsAt?: Date | null;
  /** The same for a payment that activates several policies (medical: one payment per company), each by its id. */
  policyEnds?: Array<{ policyId: number; endsAt: Date }>;
}

/**
 * One product family's side of payments, part of its PolicyProduct (policies/policy-product.ts): the payments
 * module reaches families through the product registry and never imports them.
 */
export interface PolicyActivator {
  describe(payment: Payment): Promise<PaidPolicyDescription | null>;
  /**
   * Whether money the vendor confirmed for this payment can still be applied to what it was for
   * (still awaiting payment, unchanged), read inside the payment's locked transaction. When it cannot,
   * the payment is refunded in full with the reason given.
   */
  payable(tx: Prisma.TransactionClient, payment: Payment): Promise<Payability>;
  /**
   * Moves the policy from pending to active, inside the payment's locked transaction: called at most
   * once per payment. May call the insurer (idempotently, by the policy id), so a rolled-back attempt
   * can be retried safely.
   */
  activate(tx: Prisma.TransactionClient, payment: Payment, at: Date): Promise<ActivationResult>;
  /** The redirect after payment for an already active policy (a late or repeated customer return); none when the family takes no redirect URL. */
  redirectUrl?(payment: Payment): Promise<string | null>;
  /**
   * Policies whose document this service still has to produce, and producing one (after activation commits).
   * Families whose documents come from the insurer at issuance supply neither.
   */
  pendingDocuments?(): Promise<number[]>;
  produceDocuments?(policyId: number): Promise<void>;
}

/**
 * The product families' activators by `payments.policy_type`: the port through which payments reaches the
 * families. The policy core's registry (PolicyProducts) provides it, so payments never imports the layer above it.
 */
export abstract class PolicyActivators {
  /** The activator of a payment's `policy_type`; throws for a family no module registered. */
  abstract activator(policyType: string): PolicyActivator;
  abstract all(): ReadonlyArray<{ family: string; payments: PolicyActivator }>;
}

/**
 * Where an activated policy's end is scheduled (the policy core's expiry due event). A port payments defines and
 * the core provides, so payments never imports the layer above it.
 */
export abstract class PolicyTermEnds {
  /**
   * Writes the expiry of `policyType`'s policy `policyId` at `endsAt`, and its renewal notice before that, in the
   * activation's transaction (`at`: the activation's time).
   */
  abstract schedule(tx: Prisma.TransactionClient, policyType: string, policyId: number, endsAt: Date, at: Date): Promise<void>;
}
