import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@lib/db';
import { type PolicySearchSpec, type SearchTerm, searchTests, type SqlParam } from '../policy-search';

export interface SearchRow {
  resource: string;
  id: string;
  policy_number: string | null;
  holder: string | null;
  status: string;
  matched: string;
  created_at: Date;
  /** Payments only: the policy paid for. */
  policy_type: string | null;
  policy_id: number | null;
}

/** One family's policies to search, and whether the searching staff member may match on personal data there. */
export interface SearchScope {
  spec: PolicySearchSpec;
  personal: boolean;
}

/**
 * The console's one search: every family's policies and the payments, in one statement. Each family's
 * branch is built from its PolicySearchSpec (the family's constants); only the typed query is a parameter.
 */
@Injectable()
export class SearchRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  find(scopes: SearchScope[], payments: boolean, term: SearchTerm, limit: number): Promise<SearchRow[]> {
    const params: unknown[] = [];
    const $ = (v: unknown) => `$${params.push(v)}`;
    const branches = scopes.flatMap((s) => policyBranch(s, term, $));
    if (payments) branches.push(...paymentBranch(term, $));
    if (!branches.length) return Promise.resolve([]);
    return this.db.sql.query<SearchRow>(`SELECT * FROM (${branches.join('\nUNION ALL\n')}) hits ORDER BY created_at DESC, id DESC LIMIT ${$(limit)}`, params);
  }
}

type Test = [matched: string, condition: string];

function policyBranch({ spec, personal }: SearchScope, term: SearchTerm, $: SqlParam): string[] {
  const tests = searchTests(spec, personal, term, $);
  if (!tests.length) return [];
  const matched = `CASE ${tests.map(([m, c]) => `WHEN ${c} THEN '${m}'`).join(' ')} END`;
  const kept = spec.excluded ? ` AND NOT (${spec.excluded})` : '';
  return [
    `SELECT '${spec.resource}'::text AS resource, p.id::text AS id, (${spec.policyNumber})::text AS policy_number, ${spec.holder ? `(${spec.holder})::text` : 'NULL::text'} AS holder,
       p.status::text AS status, ${matched} AS matched, p.created_at, NULL::text AS policy_type, NULL::int AS policy_id
       FROM ${spec.from} WHERE (${tests.map(([, c]) => c).join(' OR ')})${kept}`,
  ];
}

/** Payments by their id or the card vendor's reference: carry no personal data. */
function paymentBranch(term: SearchTerm, $: SqlParam): string[] {
  const tests: Test[] = [];
  if (term.uuid) tests.push(['payment_id', `p.id = ${$(term.uuid)}::uuid`]);
  if (term.text.length >= 3) tests.push(['vendor_reference', `lower(p.vendor_reference) = ${$(term.text)}`]);
  if (!tests.length) return [];
  return [
    `SELECT 'payments'::text, p.id::text, p.vendor_reference, NULL::text, p.status::text, CASE ${tests.map(([m, c]) => `WHEN ${c} THEN '${m}'`).join(' ')} END,
       p.created_at, p.policy_type::text, p.policy_id FROM payments p WHERE ${tests.map(([, c]) => c).join(' OR ')}`,
  ];
}
