import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { cancellationRefund, money, type Refund } from '@lib/common';
import type { Prisma } from '@lib/db';
import type { HorsePolicy } from '@lib/db/generated/prisma/client';
import type { CancellationUpload } from '../../../policies/cancellation/cancellation-upload.guard';
import { CancelPolicyUseCase, type AlsoInTx, type Cancellation, type CancellationTerms } from '../../../policies/cancel-policy.use-case';
import { HORSE_COOLING_OFF_DAYS } from '../horse-products';
import { HorsePolicyRepository, type HorsePolicyView } from '../policies/horse-policy.repository';
import { presentHorsePolicy, shownHorsePolicy } from '../policies/horse-policy.presenter';
import { PolicyEvents } from '../../../policies/events/policy-events';

/** Horse's cancellation terms: everything back within the cooling-off period, then the unused days of the policy year (VAT included). */
@Injectable()
export class CancelHorsePolicyUseCase implements CancellationTerms<HorsePolicyView, HorsePolicy> {
  readonly family = 'horse';
  readonly noun = 'horse policy';

  constructor(
    private readonly cancellation: CancelPolicyUseCase,
    private readonly policies: HorsePolicyRepository,
    private readonly events: PolicyEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(clientId: string | null, policyId: number, upload: CancellationUpload, publicBaseUrl: string, alsoInTx?: AlsoInTx<HorsePolicy>) {
    const cancelled = await this.cancellation.execute(this, { clientId, policyId, upload, alsoInTx });
    return presentHorsePolicy((await this.policies.findForClient(cancelled.clientId, cancelled.id))!, publicBaseUrl);
  }

  find(clientId: string | null, policyId: number) {
    return this.policies.findForClient(clientId, policyId);
  }

  /** The policy year as issued: `start_date` to `end_date`, both covered. */
  refund({ policy }: HorsePolicyView, now: Date) {
    return cancellationRefund({
      paid: money(policy.price.toString()),
      period: { first: policy.startDate!, last: policy.endDate! },
      coolingOff: { paidAt: policy.purchasedAt!, days: HORSE_COOLING_OFF_DAYS },
      now,
    });
  }

  /** Active only: the core refuses an unpaid policy. */
  markCancelled(tx: Prisma.TransactionClient, policyId: number, _from: number, c: Cancellation<Refund>) {
    return this.policies.markCancelled(tx, policyId, {
      cancelledAt: c.cancelledAt,
      refundAmount: c.refund!.amount.toFixed(2),
      cancellationDocument: c.document?.url ?? null,
    });
  }

  async announce(tx: Prisma.TransactionClient, policy: HorsePolicy) {
    await this.events.statusUpdated(tx, shownHorsePolicy({ policy, payment: null }, this.config.publicBaseUrl));
  }
}
