import { Injectable } from '@nestjs/common';
import { formatDate, parseDate } from '@lib/common';
import { Prisma, PrismaService } from '@lib/db';
import { ClaimablePolicy, ClaimPolicyResolver, ClaimSubject, ClaimSubjectRow, SubjectSearch, subjectOf } from '../../claims/claim-policies';
import { PolicyStatus } from '../../policies/policy-status';

export const MEDICAL_CLAIM_TYPES = ['outpatient', 'inpatient', 'emergency', 'maternity', 'dental', 'optical', 'pharmacy', 'other'] as const;
const COVER_DAYS = 365;

/** The claims core's view of a medical policy and its holder (see ClaimSubject). */
const SUBJECT_SQL = Prisma.sql`
  SELECT p.id, p.client_id::text AS client_id, c.name AS holder_name, c.unified_national_number AS holder_id,
         p.provider_policy_id AS policy_number, p.status,
         to_char(p.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS cover_from,
         to_char((p.issued_at AT TIME ZONE 'UTC')::date + 364, 'YYYY-MM-DD') AS cover_to
  FROM medical_policies p JOIN medical_companies c ON c.id = p.company_id`;

/**
 * Tells the claims core about medical policies: a year of cover from the day the policy was issued
 * (paid), ending early on the day of cancellation; a policy never paid has no cover.
 */
@Injectable()
export class MedicalClaimPolicies implements ClaimPolicyResolver {
  readonly family = 'medical';
  readonly claimTypes = MEDICAL_CLAIM_TYPES;

  constructor(private readonly prisma: PrismaService) {}

  async find(id: number): Promise<ClaimablePolicy | null> {
    const p = await this.prisma.medicalPolicy.findFirst({ where: { id, deletedAt: null } });
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

  async subjects(policyIds: number[]): Promise<ClaimSubject[]> {
    if (!policyIds.length) return [];
    const rows = await this.prisma.$queryRaw<ClaimSubjectRow[]>`${SUBJECT_SQL} WHERE p.id IN (${Prisma.join(policyIds)})`;
    return rows.map(subjectOf);
  }

  async searchSubjects(s: SubjectSearch, take: number): Promise<ClaimSubject[]> {
    const rows = await this.prisma.$queryRaw<ClaimSubjectRow[]>`
      ${SUBJECT_SQL} WHERE (p.id = ${s.id ?? -1} OR p.provider_policy_id = ${s.text} OR c.unified_national_number = ${s.text} OR c.commercial_registration_number = ${s.text} OR c.name ILIKE ${s.like} OR c.name_ar ILIKE ${s.like}) AND p.deleted_at IS NULL ORDER BY p.id DESC LIMIT ${take}`;
    return rows.map(subjectOf);
  }
}
