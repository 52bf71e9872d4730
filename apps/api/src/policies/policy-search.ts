import type { AdminResource } from '@lib/common/permissions';

/**
 * Where staff find a family's policies from one search box: SQL expressions over the family's policy
 * table (aliased `p`, with the joins to where its customer's details live). Family constants, never input.
 * Every policy table has `id`, `status` and `created_at`.
 */
export interface PolicySearchSpec {
  /** The console resource of the family's policies: its pages, and the grants that decide who sees what. */
  resource: AdminResource;
  from: string;
  /** The insurer's policy number. */
  policyNumber: string;
  /** The customer's (or company's) name, shown in the results; null when the family keeps none. */
  holder: string | null;
  /** The holder's national id, iqama, owner id or company number, shown beside a claim; null when none. */
  holderId: string | null;
  /** First and last day of cover as YYYY-MM-DD text (null before payment); families that take claims. */
  cover?: { from: string; to: string };
  /** Business references matched exactly (case-insensitive): vehicle numbers, commercial registration. */
  references?: string[];
  /** Personal fields, searched only for staff who may read the family's personal data. */
  nationalIds: string[];
  phones: string[];
  emails: string[];
  names: string[];
  /** Rows that are not policies any more, as SQL on `p`. */
  excluded?: string;
}

/** What one typed query can be: each reading is tried against the fields it fits. */
export interface SearchTerm {
  /** Trimmed and lower-cased, for references and policy numbers. */
  text: string;
  id?: number;
  uuid?: string;
  nationalId?: string;
  /** The last nine digits of a Saudi mobile number, however it was written (05…, 9665…, +966 5…). */
  mobile?: string;
  email?: string;
  /** An ILIKE pattern (wildcards in the input escaped), for names of three letters or more. */
  namePattern?: string;
}

export const SEARCH_MIN_LENGTH = 3;

export function searchTerm(raw: string): SearchTerm {
  const text = raw.trim().toLowerCase();
  const digits = text.replace(/[\s\-()]/g, '');
  const term: SearchTerm = { text };
  if (/^\d{1,9}$/.test(digits) && Number(digits) > 0) term.id = Number(digits);
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(text)) term.uuid = text;
  if (/^[12]\d{9}$/.test(digits)) term.nationalId = digits;
  const mobile = /^(?:\+?966|00966|0)?(5\d{8})$/.exec(digits);
  if (mobile) term.mobile = mobile[1];
  if (/^[^\s@]+@[^\s@]+$/.test(text)) term.email = text;
  if (/\p{L}/u.test(text) && text.length >= SEARCH_MIN_LENGTH && !term.email) term.namePattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return term;
}

/** Binds a value as the next SQL parameter and answers its placeholder (`$3`). */
export type SqlParam = (v: unknown) => string;

/**
 * The tests a typed query makes on one family's policies (aliased `p`), each with the name of what it matched: the
 * id, the insurer's policy number and business references always; national ids, phones, emails and names only when
 * `personal` (whoever searches may read the family's personal data). Empty when the query fits nothing here.
 */
export function searchTests(spec: PolicySearchSpec, personal: boolean, term: SearchTerm, $: SqlParam): Array<[matched: string, condition: string]> {
  const tests: Array<[string, string]> = [];
  if (term.id !== undefined) tests.push(['id', `p.id = ${$(term.id)}`]);
  if (term.text.length >= SEARCH_MIN_LENGTH) {
    const text = $(term.text);
    tests.push(['policy_number', `lower(${spec.policyNumber}) = ${text}`]);
    for (const r of spec.references ?? []) tests.push(['reference', `lower(${r}) = ${text}`]);
  }
  if (personal) {
    if (term.nationalId) for (const c of spec.nationalIds) tests.push(['national_id', `${c} = ${$(term.nationalId)}`]);
    if (term.mobile) for (const c of spec.phones) tests.push(['phone', `right(regexp_replace(${c}, '\\D', '', 'g'), 9) = ${$(term.mobile)}`]);
    if (term.email) for (const c of spec.emails) tests.push(['email', `lower(${c}) = ${$(term.email)}`]);
    if (term.namePattern) for (const c of spec.names) tests.push(['name', `${c} ILIKE ${$(term.namePattern)}`]);
  }
  return tests;
}
