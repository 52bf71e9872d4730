import { Injectable } from '@nestjs/common';
import type { Prisma } from '@lib/db';
import type { ExpiredPolicy, PolicyTerm, RenewablePolicy } from '../../../policies/policy-product';
import { MedicalPolicyRepository } from './medical-policy.repository';
import { shownMedicalPolicy } from './medical-policy.presenter';

/** A medical policy's year of cover ends the day after its `end_date`: it becomes status 4 (expired), presented as Show Policy answers it. */
@Injectable()
export class MedicalPolicyTerm implements PolicyTerm {
  constructor(private readonly policies: MedicalPolicyRepository) {}

  async expire(tx: Prisma.TransactionClient, policyIds: number[], now: Date): Promise<ExpiredPolicy[]> {
    return (await this.policies.markExpired(tx, policyIds, now)).map(shownMedicalPolicy);
  }

  async renewal(tx: Prisma.TransactionClient, policyId: number): Promise<RenewablePolicy | null> {
    const active = await this.policies.activeIn(tx, policyId);
    return active ? { ...shownMedicalPolicy(active), quoteRequest: null } : null;
  }
}
