import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import { formatDate, parseDate } from '@lib/common';
import { ClaimablePolicy, ClaimPolicyResolver, ClaimSubject, ClaimSubjectRow, SubjectSearch, subjectOf } from '../../claims/claim-policies';
import { PropertyPolicyRepository } from '../policies/property-policy.repository';
import { PolicyStatus } from '../../policies/policy-status';

export const PROPERTY_CLAIM_TYPES = ['fire', 'water_damage', 'theft', 'natural_disaster', 'accidental_damage', 'liability', 'other'] as const;

/** The claims core's view of a property policy and its holder (see ClaimSubject). */
const SUBJECT_SQL = Prisma.sql`
  SELECT p.id, p.client_id::text AS client_id, p.personal_details->>'name' AS holder_name, p.nationality_id AS holder_id,
         p.provider_policy_id AS policy_number, p.status, to_char(p.start_date, 'YYYY-MM-DD') AS cover_from, to_char(p.end_date, 'YYYY-MM-DD') AS cover_to
  FROM property_policies p`;

/**
 * Tells the claims core about property policies: cover runs from the start date to the end date, or to
 * the day of cancellation; a policy never paid has no cover.
 */
@Injectable()
export class PropertyClaimPolicies implements ClaimPolicyResolver {
  readonly family = 'property';
  readonly claimTypes = PROPERTY_CLAIM_TYPES;

  constructor(
    private readonly policies: PropertyPolicyRepository,
    private readonly prisma: PrismaService,
  ) {}

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

  async subjects(policyIds: number[]): Promise<ClaimSubject[]> {
    if (!policyIds.length) return [];
    const rows = await this.prisma.$queryRaw<ClaimSubjectRow[]>`${SUBJECT_SQL} WHERE p.id IN (${Prisma.join(policyIds)})`;
    return rows.map(subjectOf);
  }

  async searchSubjects(s: SubjectSearch, take: number): Promise<ClaimSubject[]> {
    const rows = await this.prisma.$queryRaw<ClaimSubjectRow[]>`
      ${SUBJECT_SQL} WHERE (p.id = ${s.id ?? -1} OR p.provider_policy_id = ${s.text} OR p.nationality_id = ${s.text} OR p.personal_details->>'name' ILIKE ${s.like} OR p.personal_details->>'name_ar' ILIKE ${s.like}) ORDER BY p.id DESC LIMIT ${take}`;
    return rows.map(subjectOf);
  }
}
