import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@lib/db';
import { subjectOf, type ClaimSubject, type ClaimSubjectRow, type SubjectSearch } from './claims/claim-policies';
import type { PolicySearchSpec } from './policy-search';

/**
 * The policy and holder a claim is about, read for any family from the same PolicySearchSpec the console's
 * search uses: one statement per family for a page of claims, one for the claims form's policy picker.
 */
@Injectable()
export class PolicySubjectRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async subjects(spec: PolicySearchSpec, policyIds: number[]): Promise<ClaimSubject[]> {
    if (!policyIds.length) return [];
    const marks = policyIds.map((_, i) => `$${i + 1}`).join(', ');
    const rows = await this.db.sql.query<ClaimSubjectRow>(`${subjectSelect(spec)} WHERE p.id IN (${marks})`, policyIds);
    return rows.map(subjectOf);
  }

  /** At most `take` policies by id, policy number, reference or holder id (exact) or holder name (contains), newest first. */
  async search(spec: PolicySearchSpec, s: SubjectSearch, take: number): Promise<ClaimSubject[]> {
    const params: unknown[] = [];
    const $ = (v: unknown, type: string) => `$${params.push(v)}::${type}`;
    const text = $(s.text, 'text');
    const exact = [spec.policyNumber, ...(spec.holderId ? [spec.holderId] : []), ...(spec.references ?? []), ...spec.nationalIds].map(
      (c) => `lower(${c}) = lower(${text})`,
    );
    const like = spec.names.length ? $(s.like, 'text') : '';
    const tests = [`p.id = ${$(s.id ?? -1, 'int')}`, ...exact, ...spec.names.map((c) => `${c} ILIKE ${like}`)];
    const kept = spec.excluded ? ` AND NOT (${spec.excluded})` : '';
    const rows = await this.db.sql.query<ClaimSubjectRow>(
      `${subjectSelect(spec)} WHERE (${tests.join(' OR ')})${kept} ORDER BY p.id DESC LIMIT ${$(take, 'int')}`,
      params,
    );
    return rows.map(subjectOf);
  }
}

function subjectSelect(spec: PolicySearchSpec): string {
  const text = (sql: string | null | undefined) => (sql ? `(${sql})::text` : 'NULL::text');
  return `SELECT p.id, p.client_id::text AS client_id, ${text(spec.holder)} AS holder_name, ${text(spec.holderId)} AS holder_id,
     ${text(spec.policyNumber)} AS policy_number, p.status, ${text(spec.cover?.from)} AS cover_from, ${text(spec.cover?.to)} AS cover_to
     FROM ${spec.from}`;
}
