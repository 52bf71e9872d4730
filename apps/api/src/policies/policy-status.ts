import { z } from '@lib/common';
import type { Payability } from '../payments/payment-status-reasons';

/**
 * One policy status vocabulary for every product family: the integer the partner API answers as `status`
 * (the real service's values), and the word the console and the dashboard show for it.
 */
export const PolicyStatus = { Pending: 0, Active: 1, Cancelled: 2, OnHold: 3, Expired: 4 } as const;
export type PolicyStatus = (typeof PolicyStatus)[keyof typeof PolicyStatus];

export const POLICY_STATUS_NAMES: Record<PolicyStatus, 'pending' | 'active' | 'cancelled' | 'on_hold' | 'expired'> = {
  0: 'pending',
  1: 'active',
  2: 'cancelled',
  3: 'on_hold',
  /** The term ended (stored by the policy's expiry due event, for every family with a term). */
  4: 'expired',
};

/** The word for a stored status, or the number itself for a value no family writes. */
export function policyStatusName(status: number): string {
  return POLICY_STATUS_NAMES[status as PolicyStatus] ?? String(status);
}

/** Every single-policy family numbers its statuses the same way: 0 awaiting payment, 1 active, 2 cancelled. */
export function payableByStatus(status: number | null | undefined): Payability {
  if (status === PolicyStatus.Pending) return { payable: true };
  if (status === PolicyStatus.Active) return { payable: false, reason: 'already_paid' };
  if (status === PolicyStatus.Cancelled) return { payable: false, reason: 'policy_cancelled' };
  return { payable: false, reason: 'not_payable' };
}

/**
 * A partner list's `status` query filter: one of the statuses the family's policies may hold (every one of them, so an
 * expired policy can be found), read from the query string's digits and documented as their enum.
 */
export function policyStatusQuery(statuses: readonly [PolicyStatus, ...PolicyStatus[]]) {
  const listed = statuses.length === 1 ? String(statuses[0]) : `${statuses.slice(0, -1).join(', ')} or ${statuses[statuses.length - 1]}`;
  return z
    .preprocess((v) => (typeof v === 'string' && /^\d{1,3}$/.test(v) ? Number(v) : v), z.literal(statuses, { error: `The status must be ${listed}.` }))
    .optional();
}

/** The insurer's issue of a paid policy: its reference, its term (YYYY-MM-DD) and when it was bought. */
export interface InsurerIssue {
  providerPolicyId: string;
  startDate: string;
  endDate: string;
  at: Date;
}

/** What the insurer's issue writes on a policy of any single-policy family: active, its reference and term, bought at `at`. */
export function issuedFields(a: InsurerIssue) {
  return {
    status: PolicyStatus.Active,
    providerPolicyId: a.providerPolicyId,
    startDate: a.startDate,
    endDate: a.endDate,
    purchasedAt: a.at,
    updatedAt: a.at,
  };
}
