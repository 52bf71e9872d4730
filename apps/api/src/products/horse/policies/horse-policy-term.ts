import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import type { ExpiredPolicy, PolicyTerm, RenewablePolicy } from '../../../policies/policy-product';
import { HorsePolicyRepository } from './horse-policy.repository';
import { shownHorsePolicy } from './horse-policy.presenter';

/** A horse policy's year ends the day after its `end_date`: it becomes status 4 (expired), presented as Show Policy answers it. */
@Injectable()
export class HorsePolicyTerm implements PolicyTerm {
  constructor(
    private readonly policies: HorsePolicyRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async expire(tx: Prisma.TransactionClient, policyIds: number[], now: Date): Promise<ExpiredPolicy[]> {
    const expired = await this.policies.markExpired(tx, policyIds, now);
    return expired.map((policy) => shownHorsePolicy({ policy, payment: null }, this.config.publicBaseUrl));
  }

  async renewal(tx: Prisma.TransactionClient, policyId: number): Promise<RenewablePolicy | null> {
    const active = await this.policies.activeIn(tx, policyId);
    return active ? { ...shownHorsePolicy({ policy: active, payment: null }, this.config.publicBaseUrl), quoteRequest: null } : null;
  }
}
