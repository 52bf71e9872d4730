import { Injectable } from '@nestjs/common';
import { money, parseDate } from '@lib/common';
import type { Prisma } from '@lib/db';
import { addMonths, cancellationRefund } from '../../cancellation/cancellation-refund';
import type { CancellationUpload } from '../../cancellation/cancellation-upload.guard';
import { CancelPolicyUseCase, type CancellationTerms } from '../../policies/cancel-policy.use-case';
import { INSTALMENT_MONTHS, LIFE_COOLING_OFF_DAYS } from '../life-products';
import { LifePolicyRepository, type LifePolicyView } from '../policies/life-policy.repository';
import { LifePolicyEvents } from '../events/life-policy-events';
import { presentLifePolicy } from '../policies/life-policy.presenter';

/** Life's cancellation terms: everything back within the cooling-off period, then the unused share of the paid instalment period. */
@Injectable()
export class CancelLifePolicyUseCase implements CancellationTerms<LifePolicyView> {
  readonly family = 'life';
  readonly noun = 'life policy';

  constructor(
    private readonly cancellation: CancelPolicyUseCase,
    readonly policies: LifePolicyRepository,
    private readonly events: LifePolicyEvents,
  ) {}

  async execute(
    clientId: string | null,
    policyId: number,
    upload: CancellationUpload,
    publicBaseUrl: string,
    alsoInTx?: (tx: Prisma.TransactionClient, refundAmount: string) => Promise<void>,
  ) {
    return presentLifePolicy(await this.cancellation.execute(this, { clientId, policyId, upload, alsoInTx }), publicBaseUrl);
  }

  refund({ policy, offer }: LifePolicyView, now: Date) {
    const start = parseDate(policy.startDate!)!;
    const months = INSTALMENT_MONTHS[offer.premiumFrequency as keyof typeof INSTALMENT_MONTHS];
    return cancellationRefund({
      paid: money(policy.premium.toString()),
      purchasedAt: policy.purchasedAt!,
      coolingOffDays: LIFE_COOLING_OFF_DAYS,
      periodStart: start,
      periodEnd: addMonths(start, months),
      now,
    });
  }

  async announce(tx: Prisma.TransactionClient, { policy, offer }: LifePolicyView) {
    await this.events.statusUpdated(tx, { policy: await this.policies.reload(tx, policy.id), offer, payment: null });
  }
}
