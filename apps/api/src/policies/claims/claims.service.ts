import { Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { amountString, ApiError, Clock, ErrorDetails, formatDate, money, parseDate } from '@lib/common';
import { Prisma } from '@lib/db';
import type { Claim } from '@lib/db/generated/prisma/client';
import { PolicyProducts } from '../policy-products';
import type { ClaimablePolicy } from './claim-policies';
import { clockedPolicy, TestClocks } from '../../platform/test-clocks/test-clocks';
import { ClaimOverdue } from './claim-overdue';
import { ClaimRepository } from './claim.repository';
import { canMoveClaim, CLAIM_TRANSITIONS, ClaimStatus, OPEN_CLAIM_STATUSES, reasonNeededFor } from './claim-status';
import { can, STAFF_ROLES } from '@lib/common/permissions';
import type { ClaimHandler } from './claim.repository';

const canMoveClaimAnywhere = (status: string) => (CLAIM_TRANSITIONS[status as ClaimStatus] ?? []).length > 0;

export interface ClaimDocument {
  file_id: string;
  content_type: string;
  size: number;
}

export interface OpenClaim {
  productFamily: string;
  policyId: number;
  /** The caller's client: a policy of another client is 404. Null for staff acting on any client's policy. */
  clientId: string | null;
  claimType: string;
  incidentDate: string;
  description: string;
  requestedAmount: string;
  documents: ClaimDocument[];
  /** `client` or the staff email. */
  actor: string;
  note?: string | null;
}

export interface MoveClaim {
  to: ClaimStatus;
  actor: string;
  note?: string | null;
  approvedAmount?: string | null;
}

type InTx = (tx: Prisma.TransactionClient, claim: Claim) => Promise<void>;

/**
 * The product-agnostic claims core: opening a claim on a policy of any registered family (incident within
 * the cover, not in the future) and moving it along the allowed transitions, each step in the history.
 */
@Injectable()
export class ClaimsService {
  constructor(
    private readonly claims: ClaimRepository,
    private readonly products: PolicyProducts,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
    private readonly overdue: ClaimOverdue,
  ) {}

  async policyFor(family: string, policyId: number, clientId: string | null): Promise<ClaimablePolicy> {
    const policy = await this.products.claimablePolicy(family, policyId);
    if (!policy || (clientId !== null && policy.clientId !== clientId)) throw ApiError.notFound('No policy with this id.');
    // A policy on a sandbox test clock: the cover, "not in the future" and the filing day follow the clock.
    await this.testClocks.adopt(clockedPolicy(this.products.policyFamilyOfClaims(family), policy.id));
    return policy;
  }

  async open(cmd: OpenClaim, alsoInTx?: InTx): Promise<Claim> {
    const policy = await this.policyFor(cmd.productFamily, cmd.policyId, cmd.clientId);
    const now = this.clock.now();
    const today = parseDate(formatDate(now))!;
    const details: ErrorDetails = {};
    if (policy.refusal) details.policy_id = [policy.refusal];
    const types = this.products.claimTypes(cmd.productFamily);
    if (!types.includes(cmd.claimType)) details.claim_type = [`The claim type must be one of: ${types.join(', ')}.`];
    const incident = parseDate(cmd.incidentDate);
    if (!incident) details.incident_date = ['The incident date must be a valid date YYYY-MM-DD.'];
    else if (incident > today) details.incident_date = ['The incident date may not be in the future.'];
    else if (incident < policy.coverFrom || incident >= policy.coverUntil) {
      details.incident_date = [
        `The incident date must fall within the cover, from ${formatDate(policy.coverFrom)} to before ${formatDate(policy.coverUntil)}.`,
      ];
    }
    // The same ceiling whoever files the claim, partner or staff.
    const limit = details.claim_type ? null : await this.products.claimLimit(cmd.productFamily, policy.id, cmd.claimType);
    if (limit && money(cmd.requestedAmount).greaterThan(limit.amount))
      details.requested_amount = [`The requested amount may not be greater than ${limit.what} (${limit.amount} SAR).`];
    if (Object.keys(details).length) throw ApiError.validation(details);
    return this.claims.transaction(async (tx) => {
      const claim = await this.claims.create(tx, {
        productFamily: cmd.productFamily,
        policyId: policy.id,
        clientId: policy.clientId,
        status: 'submitted',
        claimType: cmd.claimType,
        incidentDate: incident!,
        description: cmd.description,
        requestedAmount: cmd.requestedAmount,
        documents: cmd.documents as unknown as Prisma.InputJsonValue,
        createdBy: cmd.actor,
        createdAt: now,
        updatedAt: now,
      });
      await this.claims.addHistory(tx, {
        claimId: claim.id,
        fromStatus: null,
        toStatus: 'submitted',
        note: cmd.note ?? null,
        actor: cmd.actor,
        createdAt: now,
      });
      await this.overdue.schedule(tx, claim);
      await alsoInTx?.(tx, claim);
      return claim;
    });
  }

  /** Gives the claim to a staff member who may work claims (or to no one); final claims stay as they are. */
  async assign(claim: Claim, staffId: string | null, alsoInTx?: InTx): Promise<Claim> {
    if (!canMoveClaimAnywhere(claim.status)) throw new ApiError('CONFLICT', `A ${claim.status} claim is closed and is not assigned any more.`);
    if (staffId !== null) {
      const role = await this.claims.activeStaffRole(staffId);
      if (!role || !can(role, 'transition', 'claims'))
        throw ApiError.field('staff_id', 'The staff member does not exist, is inactive, or may not handle claims.');
    }
    return this.claims.transaction(async (tx) => {
      const updated = await this.claims.setAssignee(tx, claim.id, staffId, this.clock.now());
      await alsoInTx?.(tx, updated);
      return updated;
    });
  }

  /**
   * A handler takes a claim: it becomes theirs and, if nobody has started on it, its review starts, in one
   * transaction (one action in the console, no reason asked: the handler is the reason). `audit` writes the
   * assignment's and the move's audit rows in it.
   */
  async take(
    claim: Claim,
    staffId: string,
    actor: string,
    audit: (tx: Prisma.TransactionClient, before: Claim, after: Claim, moved: boolean) => Promise<void>,
  ): Promise<Claim> {
    if (!canMoveClaimAnywhere(claim.status)) throw new ApiError('CONFLICT', `A ${claim.status} claim is closed and is not taken any more.`);
    const now = this.clock.now();
    return this.claims.transaction(async (tx) => {
      const startsReview = claim.status === 'submitted';
      const data = { assigneeStaffId: staffId, updatedAt: now, ...(startsReview ? { status: 'under_review' } : {}) };
      const taken = await this.claims.move(tx, claim.id, claim.status, data);
      if (!taken) throw new ApiError('CONFLICT', 'The claim changed meanwhile; reload it and try again.');
      if (startsReview)
        await this.claims.addHistory(tx, { claimId: claim.id, fromStatus: 'submitted', toStatus: 'under_review', note: null, actor, createdAt: now });
      await audit(tx, claim, taken, startsReview);
      return taken;
    });
  }

  /** Active staff who may work claims: whom a claim may be given to. */
  handlers(): Promise<ClaimHandler[]> {
    return this.claims.handlers(STAFF_ROLES.filter((r) => can(r, 'transition', 'claims')));
  }

  /**
   * Gives several claims to one handler, all or nothing: an unknown id is 404 and a closed claim 409, each
   * naming the claims, before anything is written; `alsoInTx` runs once per claim (its audit row) in the same transaction.
   */
  async assignMany(ids: number[], staffId: string, alsoInTx: (tx: Prisma.TransactionClient, before: Claim, after: Claim) => Promise<void>): Promise<Claim[]> {
    const unique = [...new Set(ids)];
    const found = await this.claims.findMany(unique);
    const missing = unique.filter((id) => !found.some((c) => c.id === id));
    if (missing.length) throw ApiError.notFound(`No claim with id ${missing.join(', ')}; nothing was assigned.`);
    const closed = found.filter((c) => !canMoveClaimAnywhere(c.status));
    if (closed.length)
      throw new ApiError(
        'CONFLICT',
        `Closed claims are not assigned any more: ${closed.map((c) => `#${c.id} (${c.status})`).join(', ')}; nothing was assigned.`,
      );
    const role = await this.claims.activeStaffRole(staffId);
    if (!role || !can(role, 'transition', 'claims'))
      throw ApiError.field('staff_id', 'The staff member does not exist, is inactive, or may not handle claims.');
    const now = this.clock.now();
    return this.claims.transaction(async (tx) => {
      const count = await this.claims.assignOpen(tx, unique, staffId, OPEN_CLAIM_STATUSES, now);
      // A claim closed between the read and the write: roll back everything.
      if (count !== unique.length) throw new ApiError('CONFLICT', 'A claim was closed meanwhile; nothing was assigned. Reload and try again.');
      const updated = found.map((c) => ({ ...c, assigneeStaffId: staffId, updatedAt: now }));
      for (const [i, c] of updated.entries()) await alsoInTx(tx, found[i], c);
      return updated;
    });
  }

  /** Moves a claim one step; a move the current status does not allow is 409. Approval may set a lower amount; payment pays the approved amount. */
  async move(claim: Claim, cmd: MoveClaim, alsoInTx?: InTx): Promise<Claim> {
    if (!canMoveClaim(claim.status, cmd.to)) {
      const next = CLAIM_TRANSITIONS[claim.status as ClaimStatus] ?? [];
      throw new ApiError(
        'CONFLICT',
        `A ${claim.status} claim cannot become ${cmd.to}${next.length ? ` (it can become ${next.join(' or ')})` : ' (it is final)'}.`,
      );
    }
    const data: Prisma.ClaimUncheckedUpdateManyInput = { status: cmd.to, updatedAt: this.clock.now() };
    let approvedLess = false;
    if (cmd.to === 'approved') {
      const approved = cmd.approvedAmount ?? claim.requestedAmount.toString();
      if (new Decimal(approved).greaterThan(claim.requestedAmount.toString()))
        throw ApiError.field('approved_amount', 'The approved amount may not be greater than the requested amount.');
      approvedLess = new Decimal(approved).lessThan(claim.requestedAmount.toString());
      data.approvedAmount = amountString(approved);
    } else if (cmd.approvedAmount != null) {
      throw ApiError.field('approved_amount', 'The approved amount is only given when approving.');
    }
    if (cmd.to === 'paid') data.paidAmount = claim.approvedAmount;
    // a reopened approval is decided again, so its amount goes with it
    if (claim.status === 'approved' && cmd.to === 'under_review') data.approvedAmount = null;
    const why = reasonNeededFor(claim.status as ClaimStatus, cmd.to, approvedLess);
    if (why && !cmd.note) throw ApiError.field('note', why);
    const now = this.clock.now();
    return this.claims.transaction(async (tx) => {
      const moved = await this.claims.move(tx, claim.id, claim.status, data);
      if (!moved) throw new ApiError('CONFLICT', 'The claim changed meanwhile; reload it and try again.');
      await this.claims.addHistory(tx, {
        claimId: claim.id,
        fromStatus: claim.status,
        toStatus: cmd.to,
        note: cmd.note ?? null,
        actor: cmd.actor,
        createdAt: now,
      });
      await alsoInTx?.(tx, moved);
      return moved;
    });
  }
}
