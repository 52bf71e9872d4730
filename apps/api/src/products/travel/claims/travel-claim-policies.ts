import { Injectable } from '@nestjs/common';
import { parseDate } from '@lib/common';
import { TravelPolicyRepository } from '../policies/travel-policy.repository';
import { ClaimablePolicy, ClaimPolicyResolver } from '../../../policies/claims/claim-policies';
import { TRAVEL_CLAIM_TYPES } from '../travel-products';
import { PolicyStatus } from '../../../policies/policy-status';

/** The most a claim of each type may ask for, SAR (the certificate's cover; EUR 30,000 of medical care is about SAR 120,000). */
export const TRAVEL_CLAIM_LIMITS: Record<(typeof TRAVEL_CLAIM_TYPES)[number], { amount: string; what: string } | null> = {
  medical_emergency: { amount: '120000.00', what: 'the emergency medical cover' },
  trip_delay: { amount: '1000.00', what: 'the trip delay cover' },
  lost_baggage: { amount: '2500.00', what: 'the baggage cover' },
  other: null,
};

/** Travel policies for the claims core: cover on the days of the trip, from the start date to the end date, once paid. */
@Injectable()
export class TravelClaimPolicies implements ClaimPolicyResolver {
  readonly family = 'travel';
  readonly claimTypes = TRAVEL_CLAIM_TYPES;

  constructor(private readonly policies: TravelPolicyRepository) {}

  async find(id: number): Promise<ClaimablePolicy | null> {
    const p = await this.policies.find(id);
    if (!p) return null;
    const never = { id: p.id, clientId: p.clientId, coverFrom: new Date(0), coverUntil: new Date(0) };
    if (!p.purchasedAt) return { ...never, refusal: 'The policy was never paid, so it has no cover to claim on.' };
    // A policy can only be cancelled before its trip, so a cancelled one never had cover in use.
    if (p.status === PolicyStatus.Cancelled) return { ...never, refusal: 'The policy was cancelled before its trip started, so it has no cover to claim on.' };
    return { ...never, coverFrom: parseDate(p.startDate)!, coverUntil: new Date(parseDate(p.endDate)!.getTime() + 86_400_000), refusal: null };
  }

  async limitFor(_policyId: number, claimType: string) {
    return TRAVEL_CLAIM_LIMITS[claimType as (typeof TRAVEL_CLAIM_TYPES)[number]] ?? null;
  }
}
