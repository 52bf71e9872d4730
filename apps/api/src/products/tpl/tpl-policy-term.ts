import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import { FileStore } from '../../platform/files/file-store';
import type { ExpiredPolicy, PolicyTerm, RenewablePolicy } from '../../policies/policy-product';
import { TplPolicyRepository } from './tpl-policy.repository';
import { shownTplPolicy } from './tpl-policy.presenter';

/** A TPL policy's year ends the day after its `end_date`: it becomes status 4 (expired), presented as Show Policy answers it. */
@Injectable()
export class TplPolicyTerm implements PolicyTerm {
  constructor(
    private readonly policies: TplPolicyRepository,
    private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async expire(tx: Prisma.TransactionClient, policyIds: number[], now: Date): Promise<ExpiredPolicy[]> {
    const expired = await this.policies.markExpired(tx, policyIds, now);
    return expired.map((policy) => shownTplPolicy(policy, null, this.config.publicBaseUrl, this.files));
  }

  async renewal(tx: Prisma.TransactionClient, policyId: number): Promise<RenewablePolicy | null> {
    const active = await this.policies.activeIn(tx, policyId);
    return active ? { ...shownTplPolicy(active, null, this.config.publicBaseUrl, this.files), quoteRequest: null } : null;
  }
}
