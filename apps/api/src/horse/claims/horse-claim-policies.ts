import { Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { amountString } from '@lib/common';
import { Prisma, PrismaService } from '@lib/db';
import {
  ClaimablePolicy,
  ClaimPolicyResolver,
  coverThroughEndDate,
  ClaimSubject,
  ClaimSubjectRow,
  SubjectSearch,
  subjectOf,
} from '../../claims/claim-policies';

export const HORSE_CLAIM_TYPES = ['mortality', 'theft', 'vet_fees', 'other'] as const;
/** Vet fees are covered up to this share of the horse's declared value per claim. */
export const VET_FEES_LIMIT_PERCENT = 20;

/** The claims core's view of a horse policy and its holder (see ClaimSubject). */
const SUBJECT_SQL = Prisma.sql`
  SELECT p.id, p.client_id::text AS client_id, p.owner->>'name' AS holder_name, p.owner->>'id' AS holder_id,
         p.provider_policy_id AS policy_number, p.status, p.start_date AS cover_from, p.end_date AS cover_to
  FROM horse_policies p`;

/** Horse policies for the claims core: cover for the policy year (or until cancellation); mortality and theft up to the declared value. */
@Injectable()
export class HorseClaimPolicies implements ClaimPolicyResolver {
  readonly family = 'horse';
  readonly claimTypes = HORSE_CLAIM_TYPES;

  constructor(private readonly prisma: PrismaService) {}

  async find(id: number): Promise<ClaimablePolicy | null> {
    const p = await this.prisma.horsePolicy.findUnique({ where: { id } });
    return p && coverThroughEndDate(p);
  }

  async limitFor(policyId: number, claimType: string) {
    const p = await this.prisma.horsePolicy.findUnique({ where: { id: policyId }, select: { horse: true } });
    if (!p) return null;
    const value = new Decimal((p.horse as { value: number }).value);
    return claimType === 'vet_fees'
      ? { amount: amountString(value.times(VET_FEES_LIMIT_PERCENT).dividedBy(100)), what: `${VET_FEES_LIMIT_PERCENT} % of the horse's declared value` }
      : { amount: amountString(value), what: "the horse's declared value" };
  }

  async subjects(policyIds: number[]): Promise<ClaimSubject[]> {
    if (!policyIds.length) return [];
    const rows = await this.prisma.$queryRaw<ClaimSubjectRow[]>`${SUBJECT_SQL} WHERE p.id IN (${Prisma.join(policyIds)})`;
    return rows.map(subjectOf);
  }

  async searchSubjects(s: SubjectSearch, take: number): Promise<ClaimSubject[]> {
    const rows = await this.prisma.$queryRaw<ClaimSubjectRow[]>`
      ${SUBJECT_SQL} WHERE (p.id = ${s.id ?? -1} OR p.provider_policy_id = ${s.text} OR p.owner->>'id' = ${s.text} OR p.owner->>'name' ILIKE ${s.like}) ORDER BY p.id DESC LIMIT ${take}`;
    return rows.map(subjectOf);
  }
}
