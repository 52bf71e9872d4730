/** The life of a claim, the same for every product family. */
export const CLAIM_STATUSES = ['submitted', 'under_review', 'approved', 'rejected', 'paid'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * The real service's integer `claim_status` for each of our statuses (its claim-status read documents
 * 0 submitted, 1 being verified, 2 approved, 3 rejected, 4 payment sent): answered beside `status`.
 */
export const CLAIM_STATUS_CODES: Record<ClaimStatus, number> = { submitted: 0, under_review: 1, approved: 2, rejected: 3, paid: 4 };

/** Where each status may go next; rejected and paid are final. An approval not yet paid may be reopened (back under review). */
export const CLAIM_TRANSITIONS: Record<ClaimStatus, readonly ClaimStatus[]> = {
  submitted: ['under_review', 'rejected'],
  under_review: ['approved', 'rejected'],
  approved: ['paid', 'under_review'],
  rejected: [],
  paid: [],
};

/** How far along its life a status is: a move to a lower stage is a move back. */
const STAGE: Record<ClaimStatus, number> = { submitted: 0, under_review: 1, approved: 2, rejected: 3, paid: 3 };

/**
 * Why a move needs a reason written down, or null: the moves that decide money or undo a step do (a rejection,
 * an approval of less than was asked, a payment, a move back); starting a review does not.
 */
export function reasonNeededFor(from: ClaimStatus, to: ClaimStatus, approvedLessThanRequested: boolean): string | null {
  if (to === 'rejected') return 'A rejection needs a note saying why.';
  if (to === 'paid') return 'A payment needs a note saying how it was paid.';
  if (to === 'approved' && approvedLessThanRequested) return 'Approving less than the requested amount needs a note saying why.';
  if (STAGE[to] < STAGE[from]) return 'Moving a claim back needs a note saying why.';
  return null;
}

export function canMoveClaim(from: string, to: string): boolean {
  return (CLAIM_TRANSITIONS as Record<string, readonly string[]>)[from]?.includes(to) ?? false;
}

/** The product families that have claims (property now; the others reuse the same core). */
export const CLAIM_FAMILIES = ['property', 'life', 'horse', 'motor-tpl', 'medical', 'travel'] as const;
export type ClaimFamily = (typeof CLAIM_FAMILIES)[number];

/**
 * The decision deadline: a claim must be decided (approved or rejected) within this many days of its
 * submission. Past it, a claim still submitted or under review is overdue in the console's queue.
 */
export const CLAIM_DECISION_DAYS = 15;
/** Claims still waiting for a decision (the ones the deadline applies to). */
export const UNDECIDED_CLAIM_STATUSES: readonly ClaimStatus[] = ['submitted', 'under_review'];
/** Claims a handler may still be given: every status with a next step. */
export const OPEN_CLAIM_STATUSES: readonly ClaimStatus[] = CLAIM_STATUSES.filter((s) => CLAIM_TRANSITIONS[s].length > 0);

/** When a claim submitted at `createdAt` must be decided by. */
export function decisionDueAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + CLAIM_DECISION_DAYS * 86_400_000);
}
