import { amountNumber, formatDate, formatDateTime } from '@lib/common';
import type { Claim, ClaimStatusChange } from '@lib/db/generated/prisma/client';
import type { ClaimDocument } from './claims.service';
import { CLAIM_STATUS_CODES, CLAIM_TRANSITIONS, ClaimStatus } from './claim-status';

const amount = (v: { toString(): string } | null) => (v === null ? null : amountNumber(v.toString()));

/** The claim as a partner sees it: statuses and their times, never the handlers' notes or names. */
export function presentClaim(c: Claim, history: ClaimStatusChange[], fileUrl: (d: ClaimDocument) => string) {
  return {
    id: c.id,
    claim_id: c.id,
    policy_id: c.policyId,
    claim_type: c.claimType,
    incident_date: formatDate(c.incidentDate),
    description: c.description,
    requested_amount: amount(c.requestedAmount),
    approved_amount: amount(c.approvedAmount),
    paid_amount: amount(c.paidAmount),
    status: c.status,
    claim_status: CLAIM_STATUS_CODES[c.status as ClaimStatus] ?? 0,
    documents: (c.documents as unknown as ClaimDocument[]).map((d) => ({ url: fileUrl(d), content_type: d.content_type, size: d.size })),
    status_history: history.filter((h) => h.claimId === c.id).map((h) => ({ status: h.toStatus, at: formatDateTime(h.createdAt) })),
    created_at: formatDateTime(c.createdAt),
    updated_at: formatDateTime(c.updatedAt),
  };
}

/** The claim for the console: everything, including the notes and who moved it. */
export function presentAdminClaim(c: Claim, history: ClaimStatusChange[], fileUrl: (d: ClaimDocument) => string) {
  return {
    ...presentClaim(c, [], fileUrl),
    product_family: c.productFamily,
    client_id: c.clientId,
    assignee_staff_id: c.assigneeStaffId,
    created_by: c.createdBy,
    /** Where a handler may move it next (the console offers exactly these). */
    next_statuses: CLAIM_TRANSITIONS[c.status as ClaimStatus] ?? [],
    status_history: history
      .filter((h) => h.claimId === c.id)
      .map((h) => ({ from: h.fromStatus, to: h.toStatus, note: h.note, actor: h.actor, at: formatDateTime(h.createdAt) })),
  };
}
