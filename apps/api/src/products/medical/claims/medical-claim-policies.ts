import { Injectable } from '@nestjs/common';
import { formatDate, parseDate } from '@lib/common';
import { MedicalPolicyRepository } from '../policies/medical-policy.repository';
import { ClaimablePolicy, ClaimPolicyResolver } from '../../../policies/claims/claim-policies';
import { PolicyStatus } from '../../../policies/policy-status';

export const MEDICAL_CLAIM_TYPES = ['outpatient', 'inpatient', 'emergency', 'maternity', 'dental', 'optical', 'pharmacy', 'other'] as const;
const COVER_DAYS = 365;

/**
 * Tells the claims core about medical policies: a year of cover from the day the policy was issued
 * (paid), ending early on the day of cancellation; a policy never paid has no cover.
 */
@Injectable()
export class MedicalClaimPolicies implements ClaimPolicyResolver {
  readonly family = 'medical';
  readonly claimTypes = MEDICAL_CLAIM_TYPES;

  constructor(private readonly policies: MedicalPolicyRepository) {}

  async find(id: number): Promise<ClaimablePolicy | null> {
    const p = await this.policies.findLive(id);
    if (!p) return null;
    const from = p.issuedAt ? parseDate(formatDate(p.issuedAt))! : parseDate(formatDate(p.createdAt))!;
    const end = new Date(from.getTime() + COVER_DAYS * 86_400_000);
    const cancelledOn = p.cancelledAt ? parseDate(formatDate(p.cancelledAt))! : null;
    return {
      id: p.id,
      clientId: p.clientId,
      coverFrom: from,
      coverUntil: cancelledOn && cancelledOn < end ? cancelledOn : end,
      refusal: p.status === PolicyStatus.Pending || !p.issuedAt ? 'The policy was never paid, so it has no cover to claim on.' : null,
    };
  }
}
