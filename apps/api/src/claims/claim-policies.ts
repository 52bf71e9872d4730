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
