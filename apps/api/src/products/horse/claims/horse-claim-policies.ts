import { Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { amountString } from '@lib/common';
import { HorsePolicyRepository } from '../policies/horse-policy.repository';
import { ClaimablePolicy, ClaimPolicyResolver, coverThroughEndDate } from '../../../policies/claims/claim-policies';

export const HORSE_CLAIM_TYPES = ['mortality', 'theft', 'vet_fees', 'other'] as const;
/** Vet fees are covered up to this share of the horse's declared value per claim. */
export const VET_FEES_LIMIT_PERCENT = 20;

/** Horse policies for the claims core: cover for the policy year (or until cancellation); mortality and theft up to the declared value. */
@Injectable()
export class HorseClaimPolicies implements ClaimPolicyResolver {
  readonly family = 'horse';
  readonly claimTypes = HORSE_CLAIM_TYPES;

  constructor(private readonly policies: HorsePolicyRepository) {}

  async find(id: number): Promise<ClaimablePolicy | null> {
    const p = await this.policies.find(id);
    return p && coverThroughEndDate(p);
  }

  async limitFor(policyId: number, claimType: string) {
    const p = await this.policies.find(policyId);
    if (!p) return null;
    const value = new Decimal((p.horse as { value: number }).value);
    return claimType === 'vet_fees'
      ? { amount: amountString(value.times(VET_FEES_LIMIT_PERCENT).dividedBy(100)), what: `${VET_FEES_LIMIT_PERCENT} % of the horse's declared value` }
      : { amount: amountString(value), what: "the horse's declared value" };
  }
}
