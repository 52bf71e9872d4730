import { Injectable } from '@nestjs/common';
import { formatDate, parseDate } from '@lib/common';
import { ClaimablePolicy, ClaimPolicyResolver } from '../../../policies/claims/claim-policies';
import { PropertyPolicyRepository } from '../policies/property-policy.repository';
import { PolicyStatus } from '../../../policies/policy-status';

export const PROPERTY_CLAIM_TYPES = ['fire', 'water_damage', 'theft', 'natural_disaster', 'accidental_damage', 'liability', 'other'] as const;

/**
 * Tells the claims core about property policies: cover runs from the start date to the end date, or to
 * the day of cancellation; a policy never paid has no cover.
 */
@Injectable()
export class PropertyClaimPolicies implements ClaimPolicyResolver {
  readonly family = 'property';
  readonly claimTypes = PROPERTY_CLAIM_TYPES;

  constructor(private readonly policies: PropertyPolicyRepository) {}

  async find(id: number): Promise<ClaimablePolicy | null> {
    const p = await this.policies.find(id);
    if (!p) return null;
    const paid = p.activatedAt !== null;
    const cancelledOn = p.canceledAt ? parseDate(formatDate(p.canceledAt))! : null;
    const coverUntil = cancelledOn && cancelledOn < p.endDate ? cancelledOn : p.endDate;
    return {
      id: p.id,
      clientId: p.clientId,
      coverFrom: p.startDate,
      coverUntil,
      refusal:
        p.status === PolicyStatus.Pending || (!paid && p.status === PolicyStatus.Cancelled)
          ? 'The policy was never paid, so it has no cover to claim on.'
          : null,
    };
  }
}
