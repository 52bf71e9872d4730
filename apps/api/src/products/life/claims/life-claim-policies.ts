import { Injectable } from '@nestjs/common';
import { LifePolicyRepository } from '../policies/life-policy.repository';
import { ClaimablePolicy, ClaimPolicyResolver, coverThroughEndDate } from '../../../policies/claims/claim-policies';

/**
 * Our names, and the real service's `total_permanent_disability`: a claim keeps (and answers) the name the
 * partner sent, and both draw on the policy's disability benefit.
 */
export const LIFE_CLAIM_TYPES = ['death', 'critical_illness', 'disability', 'total_permanent_disability'] as const;
const BENEFIT_OF: Readonly<Record<string, string>> = { total_permanent_disability: 'disability' };

/**
 * Life policies for the claims core: cover from the start date to the day after the end date, or to the
 * cancellation day; an unpaid policy has no cover. A claim may ask at most the offer's benefit of its type.
 */
@Injectable()
export class LifeClaimPolicies implements ClaimPolicyResolver {
  readonly family = 'life';
  readonly claimTypes = LIFE_CLAIM_TYPES;

  constructor(private readonly policies: LifePolicyRepository) {}

  async find(id: number): Promise<ClaimablePolicy | null> {
    const p = await this.policies.find(id);
    return p && coverThroughEndDate(p);
  }

  async limitFor(policyId: number, claimType: string) {
    const offer = (await this.policies.findWithOffer(policyId))?.offer;
    const key = BENEFIT_OF[claimType] ?? claimType;
    const benefit = (offer?.benefits as Record<string, string> | undefined)?.[key];
    return benefit ? { amount: benefit, what: `the policy's ${key.replace('_', ' ')} benefit` } : null;
  }
}
