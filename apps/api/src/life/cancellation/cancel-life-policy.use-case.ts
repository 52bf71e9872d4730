import { Injectable, Logger } from '@nestjs/common';
import { ApiError, Clock, money, parseDate } from '@lib/common';
import type { Prisma } from '@lib/db';
import { clockedPolicy, TestClocks } from '../../test-clocks/test-clocks';
import { FileStore } from '../../files/file-store';
import { PaymentRepository } from '../../payments/payment.repository';
import { Refunds } from '../../payments/refunds/refunds';
import { storeCancellationDocument } from '../../cancellation/cancellation-documents';
import { addMonths, cancellationRefund } from '../../cancellation/cancellation-refund';
import type { CancellationUpload } from '../../cancellation/cancellation-upload.guard';
import { INSTALMENT_MONTHS, LIFE_COOLING_OFF_DAYS } from '../life-products';
import { LifePolicyRepository } from '../policies/life-policy.repository';
import { LifePolicyEvents } from '../events/life-policy-events';
import { presentLifePolicy } from '../policies/life-policy.presenter';
import { PolicyStatus } from '../../policies/policy-status';

/**
 * Cancels an active life policy: the document (optional) is content-checked and stored, the refund is
 * computed (everything within the cooling-off period, the unused share of the paid instalment period
 * afterwards) and recorded with the new status in one conditional update. A second cancellation is 400.
 */
@Injectable()
export class CancelLifePolicyUseCase {
  private readonly log = new Logger('LifeCancellation');

  constructor(
    private readonly policies: LifePolicyRepository,
    private readonly payments: PaymentRepository,
    private readonly refunds: Refunds,
    private readonly files: FileStore,
    private readonly events: LifePolicyEvents,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
  ) {}

  /**
   * `clientId` null: staff in the console, for any client's policy. `alsoInTx` writes with the status change
   * (the console's audit record), given the refund.
   */
  async execute(
    clientId: string | null,
    policyId: number,
    upload: CancellationUpload,
    publicBaseUrl: string,
    alsoInTx?: (tx: Prisma.TransactionClient, refundAmount: string) => Promise<void>,
  ) {
    const found = await this.policies.findForClient(clientId, policyId);
    if (!found) throw ApiError.notFound('No life policy with this id.');
    const { policy, offer } = found;
    if (policy.status === PolicyStatus.Cancelled) throw new ApiError('ALREADY_CANCELED');
    if (policy.status !== PolicyStatus.Active)
      throw new ApiError('CONFLICT', 'The policy is not active yet (awaiting payment); an unpaid policy lapses with its payment link.');
    await this.testClocks.adopt(clockedPolicy('life', policy.id));
    const stored = await storeCancellationDocument(this.files, policy.clientId, 'cancellation-document/life', upload);
    const now = this.clock.now();
    const start = parseDate(policy.startDate!)!;
    const refund = cancellationRefund({
      paid: money(policy.premium.toString()),
      purchasedAt: policy.purchasedAt!,
      coolingOffDays: LIFE_COOLING_OFF_DAYS,
      periodStart: start,
      periodEnd: addMonths(start, INSTALMENT_MONTHS[offer.premiumFrequency as keyof typeof INSTALMENT_MONTHS]),
      now,
    });
    const changed = await this.payments.transaction(async (tx) => {
      const done = await this.policies.markCancelled(tx, policy.id, {
        cancelledAt: now,
        refundAmount: refund.amount.toFixed(2),
        cancellationDocument: stored?.url ?? null,
      });
      if (done) {
        await this.refunds.owe(tx, { policyType: 'life', policyId: policy.id, amount: refund.amount, at: now });
        await this.events.statusUpdated(tx, { policy: await tx.lifePolicy.findUniqueOrThrow({ where: { id: policy.id } }), offer, payment: null });
        await alsoInTx?.(tx, refund.amount.toFixed(2));
      }
      return done;
    });
    if (changed) this.refunds.kick();
    if (!changed) {
      if (stored) await this.files.discard([stored]);
      throw new ApiError('ALREADY_CANCELED');
    }
    this.log.log(`life policy ${policy.id} cancelled (${refund.basis}, refund ${refund.amount.toFixed(2)})`);
    return presentLifePolicy((await this.policies.findForClient(policy.clientId, policyId))!, publicBaseUrl);
  }
}
