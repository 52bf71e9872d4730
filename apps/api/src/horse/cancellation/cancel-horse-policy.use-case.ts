import { Injectable } from '@nestjs/common';
import { ApiError, Clock, money, parseDate } from '@lib/common';
import type { Prisma } from '@lib/db';
import { clockedPolicy, TestClocks } from '../../test-clocks/test-clocks';
import { FileStore } from '../../files/file-store';
import { PaymentRepository } from '../../payments/payment.repository';
import { Refunds } from '../../payments/refunds/refunds';
import { storeCancellationDocument } from '../../cancellation/cancellation-documents';
import { addMonths, cancellationRefund } from '../../cancellation/cancellation-refund';
import type { CancellationUpload } from '../../cancellation/cancellation-upload.guard';
import { HORSE_COOLING_OFF_DAYS } from '../horse-products';
import { HorsePolicyRepository } from '../policies/horse-policy.repository';
import { HorsePolicyEvents } from '../events/horse-policy-events';
import { presentHorsePolicy } from '../policies/horse-policy.presenter';
import { PolicyStatus } from '../../policies/policy-status';

/** Cancels an active horse policy: everything back within the cooling-off period, then the unused days of the year (VAT included). */
@Injectable()
export class CancelHorsePolicyUseCase {
  constructor(
    private readonly policies: HorsePolicyRepository,
    private readonly payments: PaymentRepository,
    private readonly refunds: Refunds,
    private readonly files: FileStore,
    private readonly events: HorsePolicyEvents,
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
    if (!found) throw ApiError.notFound('No horse policy with this id.');
    const { policy } = found;
    if (policy.status === PolicyStatus.Cancelled) throw new ApiError('ALREADY_CANCELED');
    if (policy.status !== PolicyStatus.Active)
      throw new ApiError('CONFLICT', 'The policy is not active yet (awaiting payment); an unpaid policy lapses with its payment link.');
    await this.testClocks.adopt(clockedPolicy('horse', policy.id));
    const stored = await storeCancellationDocument(this.files, policy.clientId, 'cancellation-document/horse', upload);
    const now = this.clock.now();
    const start = parseDate(policy.startDate!)!;
    const refund = cancellationRefund({
      paid: money(policy.price.toString()),
      purchasedAt: policy.purchasedAt!,
      coolingOffDays: HORSE_COOLING_OFF_DAYS,
      periodStart: start,
      periodEnd: addMonths(start, 12),
      now,
    });
    const changed = await this.payments.transaction(async (tx) => {
      const done = await this.policies.markCancelled(tx, policy.id, {
        cancelledAt: now,
        refundAmount: refund.amount.toFixed(2),
        cancellationDocument: stored?.url ?? null,
      });
      if (done) {
        await this.refunds.owe(tx, { policyType: 'horse', policyId: policy.id, amount: refund.amount, at: now });
        await this.events.statusUpdated(tx, { policy: await tx.horsePolicy.findUniqueOrThrow({ where: { id: policy.id } }), payment: null });
        await alsoInTx?.(tx, refund.amount.toFixed(2));
      }
      return done;
    });
    if (changed) this.refunds.kick();
    if (!changed) {
      if (stored) await this.files.discard([stored]);
      throw new ApiError('ALREADY_CANCELED');
    }
    return presentHorsePolicy((await this.policies.findForClient(policy.clientId, policyId))!, publicBaseUrl);
  }
}
