import { Injectable, Logger } from '@nestjs/common';
import { ApiError, Clock } from '@lib/common';
import type { Prisma } from '@lib/db';
import { storeCancellationDocument } from '../cancellation/cancellation-documents';
import type { Refund } from '../cancellation/cancellation-refund';
import type { CancellationUpload } from '../cancellation/cancellation-upload.guard';
import { FileStore } from '../files/file-store';
import { PaymentRepository } from '../payments/payment.repository';
import { Refunds } from '../payments/refunds/refunds';
import { clockedPolicy, TestClocks } from '../test-clocks/test-clocks';
import { PolicyStatus } from './policy-status';

/** A policy as the cancellation core needs it, with whatever else the family read beside it. */
export interface CancellablePolicy {
  policy: { id: number; clientId: string; status: number };
}

/** The family's policy repository, as far as cancelling goes. */
export interface CancellablePolicies<F extends CancellablePolicy> {
  /** `clientId` null: any client's (staff). */
  findForClient(clientId: string | null, policyId: number): Promise<F | null>;
  /** The conditional update from active to cancelled; false when another request cancelled it first. */
  markCancelled(
    tx: Prisma.TransactionClient,
    policyId: number,
    data: { cancelledAt: Date; refundAmount: string; cancellationDocument: string | null },
  ): Promise<boolean>;
}

/** What a family supplies to cancel one of its policies: its repository, its refund terms and its status event. */
export interface CancellationTerms<F extends CancellablePolicy> {
  /** The family's name in payments and test clocks (`horse`). */
  family: string;
  /** "horse policy", for the 404. */
  noun: string;
  policies: CancellablePolicies<F>;
  refund(found: F, now: Date): Refund;
  /** The status webhook of the cancelled policy, in the cancellation's transaction. */
  announce(tx: Prisma.TransactionClient, found: F): Promise<void>;
}

export interface CancelPolicyCommand {
  /** null: staff in the console, for any client's policy. */
  clientId: string | null;
  policyId: number;
  upload: CancellationUpload;
  /** Writes with the status change (the console's audit record), given the refund. */
  alsoInTx?: (tx: Prisma.TransactionClient, refundAmount: string) => Promise<void>;
}

/**
 * Cancels an active policy of any family that refunds on its own terms: the document (optional) is
 * content-checked and stored, the refund computed, and the new status, the refund owed, the status
 * webhook and the console's audit record written in one transaction; the refund worker pays it out.
 * A second cancellation is 400 ALREADY_CANCELED; an unpaid policy is 409 (it lapses with its payment link).
 */
@Injectable()
export class CancelPolicyUseCase {
  private readonly log = new Logger('Cancellation');

  constructor(
    private readonly payments: PaymentRepository,
    private readonly refunds: Refunds,
    private readonly files: FileStore,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
  ) {}

  /** Answers the policy as the family reads it after the change. */
  async execute<F extends CancellablePolicy>(terms: CancellationTerms<F>, cmd: CancelPolicyCommand): Promise<F> {
    const found = await terms.policies.findForClient(cmd.clientId, cmd.policyId);
    if (!found) throw ApiError.notFound(`No ${terms.noun} with this id.`);
    const { policy } = found;
    if (policy.status === PolicyStatus.Cancelled) throw new ApiError('ALREADY_CANCELED');
    if (policy.status !== PolicyStatus.Active)
      throw new ApiError('CONFLICT', 'The policy is not active yet (awaiting payment); an unpaid policy lapses with its payment link.');
    await this.testClocks.adopt(clockedPolicy(terms.family, policy.id));
    const stored = await storeCancellationDocument(this.files, policy.clientId, `cancellation-document/${terms.family}`, cmd.upload);
    const now = this.clock.now();
    const refund = terms.refund(found, now);
    const changed = await this.payments.transaction(async (tx) => {
      const done = await terms.policies.markCancelled(tx, policy.id, {
        cancelledAt: now,
        refundAmount: refund.amount.toFixed(2),
        cancellationDocument: stored?.url ?? null,
      });
      if (done) {
        await this.refunds.owe(tx, { policyType: terms.family, policyId: policy.id, amount: refund.amount, at: now });
        await terms.announce(tx, found);
        await cmd.alsoInTx?.(tx, refund.amount.toFixed(2));
      }
      return done;
    });
    if (!changed) {
      if (stored) await this.files.discard([stored]);
      throw new ApiError('ALREADY_CANCELED');
    }
    this.refunds.kick();
    this.log.log(`${terms.family} policy ${policy.id} cancelled (${refund.basis}, refund ${refund.amount.toFixed(2)})`);
    return (await terms.policies.findForClient(policy.clientId, policy.id))!;
  }
}
