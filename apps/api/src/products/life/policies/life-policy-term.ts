import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import type { ExpiredPolicy, PolicyTerm, RenewablePolicy } from '../../../policies/policy-product';
import { LifePolicyRepository } from './life-policy.repository';
import { shownLifePolicy } from './life-policy.presenter';

/** A life policy matures the day after its `end_date` (its term of years): it becomes status 4 (expired), presented as Show Policy answers it. */
@Injectable()
export class LifePolicyTerm implements PolicyTerm {
  constructor(
    private readonly policies: LifePolicyRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async expire(tx: Prisma.TransactionClient, policyIds: number[], now: Date): Promise<ExpiredPolicy[]> {
    const shown: ExpiredPolicy[] = [];
    for (const policy of await this.policies.markExpired(tx, policyIds, now)) {
      const offer = (await this.policies.offerIn(tx, policy.offerId))!;
      shown.push(shownLifePolicy({ policy, offer, payment: null }, this.config.publicBaseUrl));
    }
    return shown;
  }

  async renewal(tx: Prisma.TransactionClient, policyId: number): Promise<RenewablePolicy | null> {
    const active = await this.policies.activeIn(tx, policyId);
    return active ? { ...shownLifePolicy({ ...active, payment: null }, this.config.publicBaseUrl), quoteRequest: null } : null;
  }
}
