import { amountNumber, amountString, formatDate, formatDateTime } from '@lib/common';
import type { Claim, ClaimStatusChange } from '@lib/db/generated/prisma/client';
import type { AdminClaimRecordOut, AdminClaimSubjectOut } from './admin-claim.response';
import type { ClaimDocument } from './claims.service';
import type { PersonalData } from '../../platform/admin/pii/personal-data';
import { policyStatusName } from '../policy-status';
import type { ClaimSubject } from './claim-policies';
import { CLAIM_STATUS_CODES, CLAIM_TRANSITIONS, ClaimStatus, decisionDueAt, UNDECIDED_CLAIM_STATUSES } from './claim-status';
import type { PartnerClaimOut } from './claim.response';

const amount = (v: { toString(): string } | null) => (v === null ? null : amountNumber(v.toString()));

/** The claim as a partner sees it: statuses and their times, never the handlers' notes or names. */
export function presentClaim(c: Claim, history: ClaimStatusChange[], fileUrl: (d: ClaimDocument) => string): PartnerClaimOut {
  return {
    id: c.id,
    claim_id: c.id,
    policy_id: c.policyId,
    claim_type: c.claimType,
    incident_date: formatDate(c.incidentDate),
    description: c.description,
    // a decimal string, as the real service documents it ("1500.00")
    requested_amount: amountString(c.requestedAmount.toString()),
    approved_amount: amount(c.approvedAmount),
    paid_amount: amount(c.paidAmount),
    status: c.status as ClaimStatus,
    claim_status: CLAIM_STATUS_CODES[c.status as ClaimStatus] ?? 0,
    documents: (c.documents as unknown as ClaimDocument[]).map((d) => ({ url: fileUrl(d), content_type: d.content_type, size: d.size })),
    status_history: history.filter((h) => h.claimId === c.id).map((h) => ({ status: h.toStatus as ClaimStatus, at: formatDateTime(h.createdAt) })),
    created_at: formatDateTime(c.createdAt),
    updated_at: formatDateTime(c.updatedAt),
  };
}

/** The claim for the console: everything, including the notes and who moved it. */
export function presentAdminClaim(c: Claim, history: ClaimStatusChange[], fileUrl: (d: ClaimDocument) => string, now: Date): AdminClaimRecordOut {
  const due = decisionDueAt(c.createdAt);
  return {
    ...presentClaim(c, [], fileUrl),
    // statuses and families are written through their enums (claim-status.ts)
    status: c.status as ClaimStatus,
    product_family: c.productFamily as AdminClaimRecordOut['product_family'],
    client_id: c.clientId,
    assignee_staff_id: c.assigneeStaffId,
    created_by: c.createdBy,
    /** Where a handler may move it next (the console offers exactly these). */
    next_statuses: [...(CLAIM_TRANSITIONS[c.status as ClaimStatus] ?? [])],
    /** The decision deadline (CLAIM_DECISION_DAYS after submission); overdue while it is still undecided past it. */
    decision_due_at: formatDateTime(due),
    /** When its due event flagged it overdue (once, on its policy's clock in the sandbox), or null. */
    overdue_at: c.overdueAt ? formatDateTime(c.overdueAt) : null,
    /** Whole days since submission, on the API's clock. */
    age_days: Math.max(0, Math.floor((now.getTime() - c.createdAt.getTime()) / 86_400_000)),
    overdue: UNDECIDED_CLAIM_STATUSES.includes(c.status as ClaimStatus) && (c.overdueAt !== null || now >= due),
    status_history: history
      .filter((h) => h.claimId === c.id)
      .map((h) => ({
        from: h.fromStatus as ClaimStatus | null,
        to: h.toStatus as ClaimStatus,
        note: h.note,
        actor: h.actor,
        at: formatDateTime(h.createdAt),
      })),
  };
}

/** The policy and customer beside a claim in the console; the holder's name and id through the role's personal-data masker. */
export function presentClaimSubject(s: ClaimSubject | undefined, show: PersonalData): AdminClaimSubjectOut | null {
  if (!s) return null;
  return {
    policy_id: s.policyId,
    policy_number: s.policyNumber,
    policy_status: policyStatusName(s.status),
    cover_from: s.coverFrom,
    cover_to: s.coverTo,
    holder_name: show(s.holderName),
    holder_id: show(s.holderId),
  };
}
