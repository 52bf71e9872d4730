import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@lib/db';
import { POLICY_EXPIRY, POLICY_RENEWAL_DUE } from '../policy-expiry';
import type { PolicyRenewalSpec } from '../policy-product';
import type { PolicySearchSpec } from '../policy-search';
import { PolicyStatus } from '../policy-status';

/** One policy whose renewal notice was sent, with what was offered and whether it was taken. */
export interface RenewalRow {
  family: string;
  resource: string;
  policy_id: number;
  client_id: string;
  client_name: string | null;
  status: number;
  policy_number: string | null;
  holder: string | null;
  holder_id: string | null;
  /** When the notice was due (the subject's time: its test clock's, or real time). */
  due_at: Date;
  /** When the policy's term ends (its expiry event), if it has one. */
  ends_at: Date | null;
  offer_policy_id: number | null;
  /** Numeric as text (never a float). */
  offer_price: string | null;
  taken: boolean;
}

/** A family the worklist reads: its name, where its customers are (the search spec) and how it renews. */
export interface RenewalSource {
  family: string;
  search: PolicySearchSpec;
  renewals: PolicyRenewalSpec;
}

export interface RenewalFilter {
  families: string[];
  taken?: boolean;
  clientId?: string;
}

export const RENEWAL_SORTS = { ends_at: 'ends_at', due_at: 'due_at', family: 'family', policy_id: 'policy_id' } as const;
export type RenewalSort = keyof typeof RENEWAL_SORTS;

/** The renewal is taken by a later policy of the same client for the same thing, paid (active, or already past its term). */
const TAKEN_STATUSES = `${PolicyStatus.Active}, ${PolicyStatus.Expired}`;

/**
 * The console's renewals worklist: every policy whose `policy.renewal_due` fired, across the families, in one statement
 * (and one to count). Each family's branch is built from its constants (search and renewal specs); filters, sort and
 * page are parameters or whitelisted names.
 */
@Injectable()
export class RenewalsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async page(sources: RenewalSource[], filter: RenewalFilter, sort: { field: RenewalSort; order: 'ASC' | 'DESC' }, skip: number, take: number) {
    const chosen = sources.filter((s) => filter.families.includes(s.family));
    if (!chosen.length) return { rows: [] as RenewalRow[], total: 0 };
    const params: unknown[] = [];
    const $ = (v: unknown) => `$${params.push(v)}`;
    const conditions: string[] = [];
    if (filter.taken !== undefined) conditions.push(`r.taken = ${$(filter.taken)}`);
    if (filter.clientId) conditions.push(`r.client_id = ${$(filter.clientId)}::uuid`);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows = `(${chosen.map(branch).join('\nUNION ALL\n')}) r`;
    const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
    const [[count], page] = await Promise.all([
      this.db.sql.query<{ total: string }>(`SELECT count(*)::text AS total FROM ${rows} ${where}`, [...params]),
      this.db.sql.query<RenewalRow>(
        `SELECT r.*, c.name AS client_name FROM ${rows} LEFT JOIN api_clients c ON c.id = r.client_id ${where}
          ORDER BY r.${RENEWAL_SORTS[sort.field]} ${dir} NULLS LAST, r.family ${dir}, r.policy_id ${dir}
          LIMIT ${$(take)} OFFSET ${$(skip)}`,
        params,
      ),
    ]);
    return { rows: page, total: Number(count.total) };
  }
}

function branch({ family, search, renewals }: RenewalSource): string {
  const offer = renewals.offer;
  const later = `EXISTS (SELECT 1 FROM ${renewals.table} n WHERE n.client_id = p.client_id AND n.id <> p.id AND n.status IN (${TAKEN_STATUSES})
                   AND n.created_at >= e.due_at AND ${renewals.insured('n')} = ${renewals.insured('p')})`;
  const kept = search.excluded ? ` AND NOT (${search.excluded})` : '';
  return `SELECT '${family}'::text AS family, '${search.resource}'::text AS resource, p.id AS policy_id, p.client_id, p.status,
      (${search.policyNumber})::text AS policy_number, ${search.holder ? `(${search.holder})::text` : 'NULL::text'} AS holder,
      ${search.holderId ? `(${search.holderId})::text` : 'NULL::text'} AS holder_id, e.due_at, x.due_at AS ends_at,
      ${offer ? `(${offer.policyId('p')})::int` : 'NULL::int'} AS offer_policy_id,
      ${offer ? `(${offer.price('p')})::text` : 'NULL::text'} AS offer_price,
      (${later}${offer ? ` OR (${offer.paid('p')})` : ''}) AS taken
    FROM due_events e
    JOIN ${search.from} ON p.id = CASE WHEN e.subject ~ '^[a-z-]+:[0-9]{1,9}$' THEN split_part(e.subject, ':', 2)::int END
    LEFT JOIN due_events x ON x.kind = '${POLICY_EXPIRY}' AND x.subject = e.subject
    WHERE e.kind = '${POLICY_RENEWAL_DUE}' AND e.state = 'fired' AND e.subject LIKE '${family}:%'${kept}`;
}
