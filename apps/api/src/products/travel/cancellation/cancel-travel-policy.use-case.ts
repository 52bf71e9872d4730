import { Inject, Injectable } from '@nestjs/common';
import { ApiError, beforeStartRefund, formatDate, money, startsAfter, type CoverDays, type Refund } from '@lib/common';
import { Prisma } from '@lib/db';
import { isInsurerCallError, type TravelProvider } from '@lib/providers';
import { CancelPolicyUseCase, type AlsoInTx, type Cancellation, type CancellationTerms } from '../../../policies/cancel-policy.use-case';
import { PolicyStatus } from '../../../policies/policy-status';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { TravelPolicyRepository, type TravelPolicy, type TravelPolicyView } from '../policies/travel-policy.repository';
import { TravelPolicyPresenter } from '../policies/travel-policy.view';
import { TRAVEL_PROVIDER } from '../travel-products';

/**
 * Travel's cancellation terms, before the trip starts only. An unpaid policy simply stops (its link answers
 * 410); a paid one is cancelled with the insurer first, then refunded in full through the card vendor. From
 * the start date on the cover is in use: refused with 409 (claims stay open).
 */
@Injectable()
export class CancelTravelPolicyUseCase implements CancellationTerms<TravelPolicyView, TravelPolicy> {
  readonly family = 'travel';
  readonly noun = 'travel policy';
  readonly cancelsUnpaid = true;

  constructor(
    private readonly cancellation: CancelPolicyUseCase,
    private readonly policies: TravelPolicyRepository,
    @Inject(TRAVEL_PROVIDER) private readonly provider: TravelProvider,
    private readonly events: PolicyEvents,
    private readonly presenter: TravelPolicyPresenter,
  ) {}

  /** `clientId` null: staff in the console. `alsoInTx` writes with the status change (the console's audit). */
  async execute(clientId: string | null, policyId: number, reason: string | null, alsoInTx?: AlsoInTx<TravelPolicy>) {
    const cancelled = await this.cancellation.execute(this, { clientId, policyId, reason, alsoInTx });
    return this.presenter.present((await this.policies.findForClient(cancelled.clientId, cancelled.id))!);
  }

  find(clientId: string | null, policyId: number) {
    return this.policies.findForClient(clientId, policyId);
  }

  check({ policy }: TravelPolicyView, now: Date) {
    if (policy.status === PolicyStatus.Active && !startsAfter(tripOf(policy), formatDate(now))) throw tripStarted(policy);
  }

  async withInsurer({ policy }: TravelPolicyView, on: { today: string }) {
    try {
      await this.provider.cancel(policy.providerPolicyId!, { reference: `travel-policy-${policy.id}`, cancelled_on: on.today });
    } catch (err) {
      if (isInsurerCallError(err)) throw new ApiError('PROVIDER_FAILED', `The insurer did not cancel the policy: ${err.message}`);
      throw err;
    }
  }

  /** The whole price: `check` let only a trip that has not started through. */
  refund({ policy }: TravelPolicyView, now: Date) {
    const refund = beforeStartRefund(money(policy.price.toString()), tripOf(policy), formatDate(now));
    if (!refund) throw tripStarted(policy);
    return refund;
  }

  markCancelled(tx: Prisma.TransactionClient, policyId: number, from: number, c: Cancellation<Refund>) {
    return this.policies.markCancelled(tx, policyId, from, { cancelledAt: c.cancelledAt, reason: c.reason, refundAmount: c.refund?.amount.toFixed(2) ?? null });
  }

  /** The view as a re-read answers it: the same quote, and no open payment once cancelled. */
  async announce(tx: Prisma.TransactionClient, cancelled: TravelPolicy, found: TravelPolicyView) {
    await this.events.statusUpdated(tx, this.presenter.shown({ ...found, policy: cancelled, payment: null }));
  }
}

/** The trip's days, `start_date` to `end_date`, both covered. */
function tripOf(policy: TravelPolicy): CoverDays {
  return { first: policy.startDate, last: policy.endDate };
}

function tripStarted(policy: TravelPolicy): ApiError {
  return new ApiError(
    'CONFLICT',
    `The trip started on ${policy.startDate}: a travel policy can be cancelled only before its start date. Claims stay open for the cover period.`,
  );
}
