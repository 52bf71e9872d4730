import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database, Prisma, PrismaService } from '@lib/db';
import type { Claim, ClaimStatusChange } from '@lib/db/generated/prisma/client';
import { UNDECIDED_CLAIM_STATUSES } from './claim-status';

export type ClaimRow = Claim;
export type ClaimHistoryRow = ClaimStatusChange;

export interface ClaimFilter {
  productFamily?: string;
  clientId?: string;
  policyId?: number;
  status?: string;
  assigneeStaffId?: string;
  /** Opened at or before this instant (the inbox's age filter). */
  openedBefore?: Date;
  /** Still to decide and nobody works it yet: the queue a handler takes claims from. */
  unassigned?: boolean;
  /** Still to decide (submitted or under review), whoever works it: the dashboard's "claims to decide". */
  undecided?: boolean;
  /** Still undecided and submitted before this instant: past the decision deadline. */
  undecidedSubmittedBefore?: Date;
}

/** A colleague a claim may be given to. */
export interface ClaimHandler {
  id: string;
  name: string;
  email: string;
  role: string;
}

@Injectable()
export class ClaimRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /** The claims of a family's policies, newest first, in one statement (for console pages of policies). */
  summariesOf(productFamily: string, policyIds: number[]) {
    if (!policyIds.length) return Promise.resolve([]);
    return this.prisma.claim.findMany({
      where: { productFamily, policyId: { in: policyIds } },
      orderBy: { id: 'desc' },
      select: { id: true, policyId: true, status: true, claimType: true, requestedAmount: true, createdAt: true },
    });
  }

  transaction<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  create(tx: Prisma.TransactionClient, data: Prisma.ClaimUncheckedCreateInput): Promise<Claim> {
    return tx.claim.create({ data });
  }

  /** Flags the claim overdue at `at` if it is still undecided and not flagged yet: true when it was flagged now. */
  async markOverdue(tx: Prisma.TransactionClient, id: number, at: Date): Promise<boolean> {
    const { count } = await tx.claim.updateMany({
      where: { id, status: { in: [...UNDECIDED_CLAIM_STATUSES] }, overdueAt: null },
      data: { overdueAt: at },
    });
    return count === 1;
  }

  addHistory(tx: Prisma.TransactionClient, data: Prisma.ClaimStatusChangeUncheckedCreateInput): Promise<ClaimStatusChange> {
    return tx.claimStatusChange.create({ data });
  }

  /** Moves the claim only if it is still in `from` (two handlers at once: one wins). */
  async move(tx: Prisma.TransactionClient, id: number, from: string, data: Prisma.ClaimUncheckedUpdateManyInput): Promise<Claim | null> {
    const { count } = await tx.claim.updateMany({ where: { id, status: from }, data });
    return count === 1 ? tx.claim.findUnique({ where: { id } }) : null;
  }

  async setAssignee(tx: Prisma.TransactionClient, id: number, assigneeStaffId: string | null, at: Date): Promise<Claim> {
    return tx.claim.update({ where: { id }, data: { assigneeStaffId, updatedAt: at } });
  }

  /** The role of an active staff member, to check who may be given a claim. */
  async activeStaffRole(staffId: string): Promise<string | null> {
    const staff = await this.prisma.staffUser.findFirst({ where: { id: staffId, active: true }, select: { role: true } });
    return staff?.role ?? null;
  }

  /** Active staff whose role is one of `roles` (who may work claims), by name: the console's choice of colleague. */
  handlers(roles: readonly string[]): Promise<ClaimHandler[]> {
    return this.prisma.staffUser.findMany({
      where: { active: true, role: { in: [...roles] } },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      select: { id: true, name: true, email: true, role: true },
    });
  }

  /** These claims, in one statement (a bulk action's claims). */
  findMany(ids: number[]): Promise<Claim[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.prisma.claim.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } });
  }

  /** Gives these claims to one handler if every one is still open; answers how many were (all or the caller rolls back). */
  async assignOpen(tx: Prisma.TransactionClient, ids: number[], assigneeStaffId: string, openStatuses: readonly string[], at: Date): Promise<number> {
    const { count } = await tx.claim.updateMany({ where: { id: { in: ids }, status: { in: [...openStatuses] } }, data: { assigneeStaffId, updatedAt: at } });
    return count;
  }

  find(id: number): Promise<Claim | null> {
    return this.prisma.claim.findUnique({ where: { id } });
  }

  findOne(where: { id: number } & ClaimFilter): Promise<Claim | null> {
    return this.prisma.claim.findFirst({ where: whereOf(where) });
  }

  history(claimIds: number[]): Promise<ClaimStatusChange[]> {
    if (!claimIds.length) return Promise.resolve([]);
    return this.prisma.claimStatusChange.findMany({ where: { claimId: { in: claimIds } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  async page(
    filter: ClaimFilter & { id?: number[] },
    skip: number,
    take: number,
    order: Prisma.ClaimOrderByWithRelationInput[] = [{ id: 'desc' }],
  ): Promise<[Claim[], number]> {
    const where = whereOf(filter);
    const [rows, total] = await this.prisma.$transaction([
      this.prisma.claim.findMany({ where, orderBy: order, skip, take }),
      this.prisma.claim.count({ where }),
    ]);
    return [rows, total];
  }

  /** Claims still to decide and, of those, the ones nobody has taken (for the dashboard). */
  async undecidedCounts(): Promise<{ open: string; unassigned: string }> {
    const [counts] = await this.db.sql.query<{ open: string; unassigned: string }>(
      `SELECT count(*)::text AS open, count(*) FILTER (WHERE assignee_staff_id IS NULL)::text AS unassigned FROM claims WHERE status = ANY($1::text[])`,
      // the same statuses as the list's undecided and unassigned filters, so the card, the queue and the list agree
      [[...UNDECIDED_CLAIM_STATUSES]],
    );
    return counts;
  }

  /** Claims opened per day (`YYYY-MM-DD`, UTC) in [from, to). */
  openedPerDay(from: Date, to: Date): Promise<Array<{ day: string; n: string }>> {
    return this.db.sql.query<{ day: string; n: string }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::text AS n FROM claims
        WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz GROUP BY 1`,
      [from.toISOString(), to.toISOString()],
    );
  }
}

function whereOf(f: ClaimFilter & { id?: number | number[] }): Prisma.ClaimWhereInput {
  return {
    ...(f.id !== undefined ? { id: Array.isArray(f.id) ? { in: f.id } : f.id } : {}),
    ...(f.productFamily ? { productFamily: f.productFamily } : {}),
    ...(f.clientId ? { clientId: f.clientId } : {}),
    ...(f.policyId !== undefined ? { policyId: f.policyId } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.assigneeStaffId ? { assigneeStaffId: f.assigneeStaffId } : {}),
    ...(f.unassigned ? { assigneeStaffId: null } : {}),
    ...(f.openedBefore ? { createdAt: { lte: f.openedBefore } } : {}),
    // A queue holds only claims still to decide: a paid or rejected claim nobody holds is done, not waiting. Overdue: flagged
    // by its due event (a claim on a test clock, by the clock), or past the deadline on the console's clock meanwhile.
    ...(f.undecidedSubmittedBefore || f.unassigned || f.undecided
      ? {
          AND: [
            { status: { in: [...UNDECIDED_CLAIM_STATUSES] } },
            ...(f.undecidedSubmittedBefore ? [{ OR: [{ overdueAt: { not: null } }, { createdAt: { lt: f.undecidedSubmittedBefore } }] }] : []),
          ],
        }
      : {}),
  };
}
