import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Clock, formatDate, money } from '@lib/common';
import { Prisma } from '@lib/db';
import { isInsurerCallError, type TravelProvider } from '@lib/providers';
import { clockedPolicy, TestClocks } from '../../test-clocks/test-clocks';
import { PaymentRepository } from '../../payments/payment.repository';
import { Refunds } from '../../payments/refunds/refunds';
import { TravelPolicyEvents } from '../events/travel-policy-events';
import { TravelPolicyRepository } from '../policies/travel-policy.repository';
import { TravelPolicyPresenter } from '../policies/travel-policy.view';
import { TRAVEL_PROVIDER } from '../travel-products';
import { PolicyStatus } from '../../policies/policy-status';

/**
 * Cancels a travel policy before its trip starts. An unpaid one simply stops (its link answers 410); a paid
 * one is cancelled with the insurer first, then refunded in full through the card vendor. From the start
 * date on the cover is in use: refused with 409 (claims stay open).
 *
 * `clientId` null: staff in the console. `alsoInTx` writes with the status change (the console's audit).
 */
@Injectable()
export class CancelTravelPolicyUseCase {
  constructor(
    private readonly policies: TravelPolicyRepository,
    private readonly payments: PaymentRepository,
    private readonly refunds: Refunds,
    @Inject(TRAVEL_PROVIDER) private readonly provider: TravelProvider,
    private readonly events: TravelPolicyEvents,
    private readonly presenter: TravelPolicyPresenter,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
  ) {}

  async execute(
    clientId: string | null,
    policyId: number,
    reason: string | null,
    alsoInTx?: (tx: Prisma.TransactionClient, change: { from: number; refundAmount: string | null }) => Promise<void>,
  ) {
    const view = await this.policies.findForClient(clientId, policyId);
    if (!view) throw ApiError.notFound('No travel policy with this id.');
    const { policy } = view;
    if (policy.status === PolicyStatus.Cancelled) throw new ApiError('ALREADY_CANCELED');
    await this.testClocks.adopt(clockedPolicy('travel', policy.id));
    const now = this.clock.now();
    const today = formatDate(now);
    if (policy.status === PolicyStatus.Active && today >= policy.startDate) {
      throw new ApiError(
        'CONFLICT',
        `The trip started on ${policy.startDate}: a travel policy can be cancelled only before its start date. Claims stay open for the cover period.`,
      );
    }
    if (policy.status === PolicyStatus.Active) {
      try {
        await this.provider.cancel(policy.providerPolicyId!, { reference: `travel-policy-${policy.id}`, cancelled_on: today });
      } catch (err) {
        if (isInsurerCallError(err)) throw new ApiError('PROVIDER_FAILED', `The insurer did not cancel the policy: ${err.message}`);
        throw err;
      }
    }
    const refund = policy.status === PolicyStatus.Active ? money(policy.price.toString()) : null;
    const changed = await this.payments.transaction(async (tx) => {
      const done = await this.policies.markCancelled(tx, policy.id, policy.status as 0 | 1, {
        cancelledAt: now,
        reason,
        refundAmount: refund?.toFixed(2) ?? null,
      });
      if (!done) return false;
      if (refund) await this.refunds.owe(tx, { policyType: 'travel', policyId: policy.id, amount: refund, at: now });
      else await this.payments.retireOpen(tx, 'travel', policy.id, now, 'policy_cancelled');
      const cancelled = await this.policies.findForClient(null, policy.id, tx);
      await this.events.statusUpdated(tx, cancelled!);
      await alsoInTx?.(tx, { from: policy.status, refundAmount: refund?.toFixed(2) ?? null });
      return true;
    });
    if (!changed) {
      // Another request moved it first: cancelled meanwhile, or paid while this one was cancelling it unpaid.
      const now2 = await this.policies.findForClient(null, policy.id);
      if (now2?.policy.status === PolicyStatus.Cancelled) throw new ApiError('ALREADY_CANCELED');
      throw new ApiError('CONFLICT', 'The policy was paid while it was being cancelled; send the cancellation again to cancel it with a refund.');
    }
    if (refund) this.refunds.kick();
    return this.presenter.present((await this.policies.findForClient(policy.clientId, policy.id))!);
  }
}
