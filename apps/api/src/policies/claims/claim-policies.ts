import { formatDate, parseDate } from '@lib/common';

/** What the claims core needs to know of the policy a claim is on, whatever its product family. */
export interface ClaimablePolicy {
  id: number;
  clientId: string;
  /** Cover runs from `coverFrom` up to (not including) `coverUntil` (dates at UTC midnight). */
  coverFrom: Date;
  coverUntil: Date;
  /** Why no claim can be made on it now (for example not paid yet), or null. */
  refusal: string | null;
}

export interface ClaimPolicyResolver {
  family: string;
  /** The claim types this family accepts. */
  claimTypes: readonly string[];
  find(policyId: number): Promise<ClaimablePolicy | null>;
  /** The most a claim of this type may ask on this policy (e.g. its benefit), or none. */
  limitFor?(policyId: number, claimType: string): Promise<ClaimLimit | null>;
}

export interface ClaimLimit {
  amount: string;
  /** What the amount is, for the message ("the critical illness benefit"). */
  what: string;
}

/** A policy whose cover runs from its start date through its end date (YYYY-MM-DD), set when it is paid. */
export interface DatedPolicy {
  id: number;
  clientId: string;
  startDate: string | null;
  endDate: string | null;
  cancelledAt: Date | null;
}

/** Cover from the start date through the end date, or up to (not including) the cancellation day; none before payment. */
export function coverThroughEndDate(p: DatedPolicy): ClaimablePolicy {
  if (!p.startDate || !p.endDate) {
    return {
      id: p.id,
      clientId: p.clientId,
      coverFrom: new Date(0),
      coverUntil: new Date(0),
      refusal: 'The policy was never paid, so it has no cover to claim on.',
    };
  }
  const endExclusive = new Date(parseDate(p.endDate)!.getTime() + 86_400_000);
  const cancelledOn = p.cancelledAt ? parseDate(formatDate(p.cancelledAt))! : null;
  return {
    id: p.id,
    clientId: p.clientId,
    coverFrom: parseDate(p.startDate)!,
    coverUntil: cancelledOn && cancelledOn < endExclusive ? cancelledOn : endExclusive,
    refusal: null,
  };
}

/**
 * The policy and customer a claim is about, as a claims handler sees them beside the claim: the same
 * shape for every family. Personal values (`holderName`, `holderId`) are raw here; the console masks them by role.
 */
export interface ClaimSubject {
  policyId: number;
  clientId: string;
  /** The policy holder (owner, applicant, first traveller, company); null where the family records no name (life, TPL). */
  holderName: string | null;
  /** The holder's national id / iqama / owner id / company number. */
  holderId: string | null;
  /** The insurer's policy number, once issued. */
  policyNumber: string | null;
  /** PolicyStatus. */
  status: number;
  /** First and last day of cover (YYYY-MM-DD), null before the policy is paid. */
  coverFrom: string | null;
  coverTo: string | null;
}

/** A search typed by staff, read once: a whole number may be a policy id; the text is matched as id / number (exact) or name (contains). */
export interface SubjectSearch {
  id: number | null;
  text: string;
  /** `%text%` with LIKE's wildcards escaped, for ILIKE on names. */
  like: string;
}

export function subjectSearch(q: string): SubjectSearch {
  const text = q.trim();
  const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
  return { id, text, like: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
}

/** The columns the subject query selects (policies/policy-subject.repository.ts), under these names. */
export interface ClaimSubjectRow {
  id: number;
  client_id: string;
  holder_name: string | null;
  holder_id: string | null;
  policy_number: string | null;
  status: number;
  cover_from: string | null;
  cover_to: string | null;
}

export function subjectOf(r: ClaimSubjectRow): ClaimSubject {
  return {
    policyId: Number(r.id),
    clientId: r.client_id,
    holderName: r.holder_name,
    holderId: r.holder_id,
    policyNumber: r.policy_number,
    status: Number(r.status),
    coverFrom: r.cover_from,
    coverTo: r.cover_to,
  };
}
