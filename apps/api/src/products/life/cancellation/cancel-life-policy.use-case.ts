import { Injectable } from '@nestjs/common';
import { money, parseDate } from '@lib/common';
import type { Prisma } from '@lib/db';
import type { LifePolicy } from '@lib/db/generated/prisma/client';
import { addMonths, cancellationRefund, type Refund } from '../../../policies/cancellation/cancellation-refund';
import type { CancellationUpload } from '../../../policies/cancellation/cancellation-upload.guard';
import { CancelPolicyUseCase, type AlsoInTx, type Cancellation, type CancellationTerms } from '../../../policies/cancel-policy.use-case';
import { INSTALMENT_MONTHS, LIFE_COOLING_OFF_DAYS } from '../life-products';
import { LifePolicyRepository, type LifePolicyView } from '../policies/life-policy.repository';
import { LifePolicyEvents } from '../events/life-policy-events';
import { presentLifePolicy } from '../policies/life-policy.presenter';

/** Life's cancellation terms: everything back within the cooling-off period, then the unused share of the paid instalment period. */
@Injectable()
export class CancelLifePolicyUseCase implements CancellationTerms<LifePolicyView, LifePolicy> {
  readonly family = 'life';
  readonly noun = 'life policy';

  constructor(
    private readonly cancellation: CancelPolicyUseCase,
    private readonly policies: LifePolicyRepository,
    private readonly events: LifePolicyEvents,
  ) {}

  async execute(clientId: string | null, policyId: number, upload: CancellationUpload, publicBaseUrl: string, alsoInTx?: AlsoInTx<LifePolicy>) {
    const cancelled = await this.cancellation.execute(this, { clientId, policyId, upload, alsoInTx });
    return presentLifePolicy((await this.policies.findForClient(cancelled.clientId, cancelled.id))!, publicBaseUrl);
  }

  find(clientId: string | null, policyId: number) {
    return this.policies.findForClient(clientId, policyId);
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

  /** Active only: the core refuses an unpaid policy. */
  markCancelled(tx: Prisma.TransactionClient, policyId: number, _from: number, c: Cancellation<Refund>) {
    return this.policies.markCancelled(tx, policyId, {
      cancelledAt: c.cancelledAt,
      refundAmount: c.refund!.amount.toFixed(2),
      cancellationDocument: c.document?.url ?? null,
    });
  }

  async announce(tx: Prisma.TransactionClient, policy: LifePolicy, { offer }: LifePolicyView) {
    await this.events.statusUpdated(tx, { policy, offer, payment: null });
  }
}
