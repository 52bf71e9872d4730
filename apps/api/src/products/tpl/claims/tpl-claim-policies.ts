import { Injectable } from '@nestjs/common';
import { formatDate, parseDate } from '@lib/common';
import { TplPolicyRepository } from '../tpl-policy.repository';
import { ClaimablePolicy, ClaimPolicyResolver } from '../../../policies/claims/claim-policies';

/** Third-party liability: what the insured's car did to others. */
export const TPL_CLAIM_TYPES = ['third_party_vehicle_damage', 'third_party_property_damage', 'third_party_bodily_injury', 'other'] as const;
export const TPL_CLAIM_FAMILY = 'motor-tpl';

/**
 * Tells the claims core about TPL v2 policies: cover runs from the start date through the end date, or up
 * to the day of cancellation; a policy never paid (pending, on hold) has no cover.
 */
@Injectable()
export class TplClaimPolicies implements ClaimPolicyResolver {
  readonly family = TPL_CLAIM_FAMILY;
  readonly claimTypes = TPL_CLAIM_TYPES;

  constructor(private readonly policies: TplPolicyRepository) {}

  async find(id: number): Promise<ClaimablePolicy | null> {
    const p = await this.policies.find(id);
    if (!p) return null;
    if (!p.startDate || !p.endDate || !p.purchasedAt) {
      const never = parseDate(formatDate(p.createdAt))!;
      return {
        id: p.id,
        clientId: p.clientId,
        coverFrom: never,
        coverUntil: never,
        refusal: 'The policy was never paid and issued, so it has no cover to claim on.',
      };
    }
    const start = parseDate(p.startDate)!;
    // The end date is the last day of cover; the core's coverUntil is exclusive.
    const afterEnd = new Date(parseDate(p.endDate)!.getTime() + 86_400_000);
    const cancelledOn = p.canceledAt ? parseDate(formatDate(p.canceledAt))! : null;
    return { id: p.id, clientId: p.clientId, coverFrom: start, coverUntil: cancelledOn && cancelledOn < afterEnd ? cancelledOn : afterEnd, refusal: null };
  }
}
