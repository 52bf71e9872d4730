import { Injectable, Logger } from '@nestjs/common';
import { ApiError, Clock, formatDate, type Money, type Refund } from '@lib/common';
import type { Prisma } from '@lib/db';
import { storeCancellationDocument } from './cancellation/cancellation-documents';
import type { CancellationUpload } from './cancellation/cancellation-upload.guard';
import { FileStore, type SavedFile } from '../platform/files/file-store';
import { PaymentRepository } from '../payments/payment.repository';
import { Refunds } from '../payments/refunds/refunds';
import { clockedPolicy, TestClocks } from '../platform/test-clocks/test-clocks';
import { PolicyStatus } from './policy-status';

/** A policy as the cancellation core needs it, with whatever else the family read beside it. */
export interface CancellablePolicy {
  policy: { id: number; clientId: string; status: number };
}

/** What a family refunds (by the rules of @lib/common's refund-rules); `basis` only goes to the log. */
export interface CancellationRefund {
  amount: Money;
  basis?: string;
}

/** What the family records with the cancelled status. */
export interface Cancellation<R extends CancellationRefund> {
  cancelledAt: Date;
  /** null: an unpaid policy, cancelled without a refund. */
  refund: R | null;
  /** The document sent with the cancellation, stored; null when none. */
  document: SavedFile | null;
  reason: string | null;
  /** `client` for the partner API, the staff email in the console. */
  by: string;
}

/** The change as the console's audit record sees it, in the cancellation's transaction. */
export interface CancelledPolicy<A> {
  from: number;
  cancelled: A;
  refundAmount: string | null;
}

export type AlsoInTx<A> = (tx: Prisma.TransactionClient, change: CancelledPolicy<A>) => Promise<void>;

/**
 * What a family supplies to cancel one of its policies. `F` is the policy as the family reads it, `A` the
 * row its repository answers once cancelled, `R` its refund. Every query stays in the family's repository.
 */
export interface CancellationTerms<F extends CancellablePolicy, A, R extends CancellationRefund = Refund> {
  /** The family's name in payments, refunds and test clocks (`horse`). */
  readonly family: string;
  /** "horse policy", for the 404. */
  readonly noun: string;
  /** The 409 of a policy that is neither active nor (with `cancelsUnpaid`) unpaid. */
  readonly notActive?: string;
  /** An unpaid policy is cancelled too, by withdrawing its open payment link, with no refund. */
  readonly cancelsUnpaid?: boolean;
  /** `clientId` null: any client's (staff). */
  find(clientId: string | null, policyId: number): Promise<F | null>;
  /** A family rule refusing the cancellation (throws), checked on the policy's clock. */
  check?(found: F, now: Date): void;
  /** Cancels a paid policy with its insurer before anything is written: a failure throws and changes nothing. */
  withInsurer?(found: F, on: { today: string; reason: string | null }): Promise<void>;
  /** The refund of a paid policy. */
  refund(found: F, now: Date): R;
  /** The conditional update from `from` to cancelled; null when another request moved the policy first. */
  markCancelled(tx: Prisma.TransactionClient, policyId: number, from: number, change: Cancellation<R>): Promise<A | null>;
  /** The status webhook of the cancelled policy, in the cancellation's transaction. */
  announce(tx: Prisma.TransactionClient, cancelled: A, found: F): Promise<void>;
  /**
   * The next term offered with the policy's renewal notice and not paid yet (property), read in `tx`: it is withdrawn
   * with the policy it renews (cancelled unpaid, its link retired, announced), so nobody pays for cover that follows
   * a cancelled one.
   */
  offeredRenewal?(tx: Prisma.TransactionClient, policyId: number): Promise<F | null>;
}

export type CancelPolicyCommand<F extends CancellablePolicy, A> = (
  | { /** null: staff in the console, for any client's policy. */ clientId: string | null; policyId: number }
  | { /** Already read by the caller, which answered its own 404. */ found: F }
) & {
  /** The optional document of a partner's cancellation: content-checked and stored once the policy may be cancelled. */
  upload?: CancellationUpload;
  /** A document the caller checked and stored itself (and discards if the cancellation fails). */
  document?: SavedFile;
  reason?: string | null;
  by?: string;
  /** Writes with the status change (the console's audit record). */
  alsoInTx?: AlsoInTx<A>;
};

/** The 409 of cancelling a policy whose term ended (status 4): there is no cover left to end and nothing to refund. */
export const EXPIRED_POLICY = 'The policy has expired (its term ended), so there is nothing left to cancel.';
const PAID_MEANWHILE = 'The policy was paid while it was being cancelled; send the cancellation again to cancel it with a refund.';
const NOT_ACTIVE = 'The policy is not active yet (awaiting payment); an unpaid policy lapses with its payment link.';
/** The reason stored on an offered renewal withdrawn with the policy it renews. */
export const RENEWAL_WITHDRAWN = 'Withdrawn: the policy it renews was cancelled.';

/**
 * Cancels a policy of any family on its own terms: the family's checks and its insurer first, then in one
 * transaction the new status, the refund owed (or, unpaid, the open payment link withdrawn), the status
 * webhook and the console's audit record; the refund worker pays it out. Only one cancellation wins: a
 * second is 400 ALREADY_CANCELED, and an unpaid policy paid meanwhile is 409 (cancel again for a refund).
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

  /** Answers the cancelled row, as the family's repository wrote it. */
  async execute<F extends CancellablePolicy, A, R extends CancellationRefund>(terms: CancellationTerms<F, A, R>, cmd: CancelPolicyCommand<F, A>): Promise<A> {
    const found = 'found' in cmd ? cmd.found : await terms.find(cmd.clientId, cmd.policyId);
    if (!found) throw ApiError.notFound(`No ${terms.noun} with this id.`);
    const { id, clientId, status } = found.policy;
    if (status === PolicyStatus.Cancelled) throw new ApiError('ALREADY_CANCELED');
    if (status === PolicyStatus.Expired) throw new ApiError('CONFLICT', EXPIRED_POLICY);
    const paid = status === PolicyStatus.Active;
    if (!paid && !(terms.cancelsUnpaid && status === PolicyStatus.Pending)) throw new ApiError('CONFLICT', terms.notActive ?? NOT_ACTIVE);
    await this.testClocks.adopt(clockedPolicy(terms.family, id));
    const now = this.clock.now();
    terms.check?.(found, now);
    const stored = cmd.upload ? await storeCancellationDocument(this.files, clientId, `cancellation-document/${terms.family}`, cmd.upload) : null;
    try {
      if (paid) await terms.withInsurer?.(found, { today: formatDate(now), reason: cmd.reason ?? null });
      const refund = paid ? terms.refund(found, now) : null;
      const cancelled = await this.payments.transaction(async (tx) => {
        const change = { cancelledAt: now, refund, document: stored ?? cmd.document ?? null, reason: cmd.reason ?? null, by: cmd.by ?? 'client' };
        const cancelled = await terms.markCancelled(tx, id, status, change);
        if (!cancelled) return null;
        if (refund) await this.refunds.owe(tx, { policyType: terms.family, policyId: id, amount: refund.amount, at: now });
        else await this.payments.retireOpen(tx, terms.family, id, now, 'policy_cancelled');
        await terms.announce(tx, cancelled, found);
        const offered = await terms.offeredRenewal?.(tx, id);
        if (offered) await this.withdrawOffered(terms, tx, offered, { ...change, refund: null, document: null, reason: RENEWAL_WITHDRAWN });
        await cmd.alsoInTx?.(tx, { from: status, cancelled, refundAmount: refund?.amount.toFixed(2) ?? null });
        return cancelled;
      });
      if (!cancelled) throw await this.lostRace(terms, id, status);
      if (refund) this.refunds.kick();
      this.log.log(
        `${terms.family} policy ${id} cancelled (${refund ? `${refund.basis ? `${refund.basis}, ` : ''}refund ${refund.amount.toFixed(2)}` : 'unpaid'})`,
      );
      return cancelled;
    } catch (err) {
      if (stored) await this.files.discard([stored]);
      throw err;
    }
  }

  /** The offered next term of a cancelled policy, cancelled unpaid in the same transaction. */
  private async withdrawOffered<F extends CancellablePolicy, A, R extends CancellationRefund>(
    terms: CancellationTerms<F, A, R>,
    tx: Prisma.TransactionClient,
    offered: F,
    change: Cancellation<R>,
  ): Promise<void> {
    const withdrawn = await terms.markCancelled(tx, offered.policy.id, PolicyStatus.Pending, change);
    if (!withdrawn) return; // paid meanwhile: a term of its own now, cancelled (and refunded) on its own
    await this.payments.retireOpen(tx, terms.family, offered.policy.id, change.cancelledAt, 'policy_cancelled');
    await terms.announce(tx, withdrawn, offered);
  }

  /** Another request moved the policy first: it cancelled it, or (unpaid) the customer paid meanwhile. */
  private async lostRace<F extends CancellablePolicy, A, R extends CancellationRefund>(terms: CancellationTerms<F, A, R>, id: number, from: number) {
    if (from !== PolicyStatus.Pending) return new ApiError('ALREADY_CANCELED');
    const now = await terms.find(null, id);
    return now?.policy.status === PolicyStatus.Cancelled ? new ApiError('ALREADY_CANCELED') : new ApiError('CONFLICT', PAID_MEANWHILE);
  }
}
