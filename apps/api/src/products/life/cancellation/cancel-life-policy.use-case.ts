import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { cancellationRefund, coverMonths, money, type Refund } from '@lib/common';
import type { Prisma } from '@lib/db';
import type { LifePolicy } from '@lib/db/generated/prisma/client';
import type { CancellationUpload } from '../../../policies/cancellation/cancellation-upload.guard';
import { CancelPolicyUseCase, type AlsoInTx, type Cancellation, type CancellationTerms } from '../../../policies/cancel-policy.use-case';
import { INSTALMENT_MONTHS, LIFE_COOLING_OFF_DAYS } from '../life-products';
import { LifePolicyRepository, type LifePolicyView } from '../policies/life-policy.repository';
import { presentLifePolicy, shownLifePolicy } from '../policies/life-policy.presenter';
import { PolicyEvents } from '../../../policies/events/policy-events';

/** Life's cancellation terms: everything back within the cooling-off period, then the unused share of the paid instalment period. */
@Injectable()
export class CancelLifePolicyUseCase implements CancellationTerms<LifePolicyView, LifePolicy> {
  readonly family = 'life';
  readonly noun = 'life policy';

  constructor(
    private readonly cancellation: CancelPolicyUseCase,
    private readonly policies: LifePolicyRepository,
    private readonly events: PolicyEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(clientId: string | null, policyId: number, upload: CancellationUpload, publicBaseUrl: string, alsoInTx?: AlsoInTx<LifePolicy>) {
    const cancelled = await this.cancellation.execute(this, { clientId, policyId, upload, alsoInTx });
    return presentLifePolicy((await this.policies.findForClient(cancelled.clientId, cancelled.id))!, publicBaseUrl);
  }

  find(clientId: string | null, policyId: number) {
    return this.policies.findForClient(clientId, policyId);
  }

  /** What was paid is one instalment: it covers 1, 3, 6 or 12 months from `start_date`, not the whole term. */
  refund({ policy, offer }: LifePolicyView, now: Date) {
    const months = INSTALMENT_MONTHS[offer.premiumFrequency as keyof typeof INSTALMENT_MONTHS];
    return cancellationRefund({
      paid: money(policy.premium.toString()),
      period: coverMonths(policy.startDate!, months),
      coolingOff: { paidAt: policy.purchasedAt!, days: LIFE_COOLING_OFF_DAYS },
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

  async announce(tx: Prisma.TransactionClient, policy: LifePolicy, { offer }: LifePolicyView) {
    await this.events.statusUpdated(tx, shownLifePolicy({ policy, offer, payment: null }, this.config.publicBaseUrl));
  }
}
