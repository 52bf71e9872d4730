import { Injectable } from '@nestjs/common';
import { money, parseDate } from '@lib/common';
import type { Prisma } from '@lib/db';
import { addMonths, cancellationRefund } from '../../cancellation/cancellation-refund';
import type { CancellationUpload } from '../../cancellation/cancellation-upload.guard';
import { CancelPolicyUseCase, type CancellationTerms } from '../../policies/cancel-policy.use-case';
import { HORSE_COOLING_OFF_DAYS } from '../horse-products';
import { HorsePolicyRepository, type HorsePolicyView } from '../policies/horse-policy.repository';
import { HorsePolicyEvents } from '../events/horse-policy-events';
import { presentHorsePolicy } from '../policies/horse-policy.presenter';

/** Horse's cancellation terms: everything back within the cooling-off period, then the unused days of the policy year (VAT included). */
@Injectable()
export class CancelHorsePolicyUseCase implements CancellationTerms<HorsePolicyView> {
  readonly family = 'horse';
  readonly noun = 'horse policy';

  constructor(
    private readonly cancellation: CancelPolicyUseCase,
    readonly policies: HorsePolicyRepository,
    private readonly events: HorsePolicyEvents,
  ) {}

  async execute(
    clientId: string | null,
    policyId: number,
    upload: CancellationUpload,
    publicBaseUrl: string,
    alsoInTx?: (tx: Prisma.TransactionClient, refundAmount: string) => Promise<void>,
  ) {
    return presentHorsePolicy(await this.cancellation.execute(this, { clientId, policyId, upload, alsoInTx }), publicBaseUrl);
  }

  refund({ policy }: HorsePolicyView, now: Date) {
    const start = parseDate(policy.startDate!)!;
    return cancellationRefund({
      paid: money(policy.price.toString()),
      purchasedAt: policy.purchasedAt!,
      coolingOffDays: HORSE_COOLING_OFF_DAYS,
      periodStart: start,
      periodEnd: addMonths(start, 12),
      now,
    });
  }

  async announce(tx: Prisma.TransactionClient, { policy }: HorsePolicyView) {
    await this.events.statusUpdated(tx, { policy: await this.policies.reload(tx, policy.id), payment: null });
  }
}
