import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database, listTotal, listTotalKey, Prisma, PrismaService } from '@lib/db';
import type { Refund } from '@lib/db/generated/prisma/client';

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export interface AdminRefundFilter {
  ids?: string[];
  q?: string;
  status?: RefundStatus;
  clientId?: string;
  policyType?: string;
  from?: Date;
  to?: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refunds: written in the transaction that owes them, paid out by the Refunds worker, read and retried in the console. */
@Injectable()
export class RefundRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /** One page and the total, in two statements of one transaction. */
  adminPage(f: AdminRefundFilter, orderBy: Prisma.RefundOrderByWithRelationInput[], skip: number, take: number): Promise<[Refund[], number]> {
    const q = f.q?.trim();
    const where: Prisma.RefundWhereInput = {
      ...(f.ids ? { id: { in: f.ids } } : {}),
      ...(f.status ? { status: f.status } : {}),
      ...(f.clientId ? { clientId: f.clientId } : {}),
      ...(f.policyType ? { policyType: f.policyType } : {}),
      ...(f.from || f.to ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lte: f.to } : {}) } } : {}),
      ...(q
        ? {
            OR: [
              ...(UUID.test(q) ? [{ id: q }, { paymentId: q }] : []),
              { vendorPaymentId: { contains: q, mode: 'insensitive' as const } },
              ...(/^\d{1,9}$/.test(q) ? [{ policyId: Number(q) }] : []),
              ...(/^\d{1,12}(\.\d{1,2})?$/.test(q) ? [{ amount: q }] : []),
            ],
          }
        : {}),
    };
    return this.prisma.$transaction([this.prisma.refund.findMany({ where, orderBy, skip, take }), this.prisma.refund.count({ where })]);
  }

  /** A page of one client's refunds, newest first, and the total (the partners' portal). */
  clientPage(clientId: string, f: { status?: RefundStatus; policyType?: string }, skip: number, take: number): Promise<[Refund[], number]> {
    const where: Prisma.RefundWhereInput = { clientId, ...(f.status ? { status: f.status } : {}), ...(f.policyType ? { policyType: f.policyType } : {}) };
    const orderBy: Prisma.RefundOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];
    return Promise.all([
      this.prisma.refund.findMany({ where, orderBy, skip, take }),
      listTotal(listTotalKey('refunds', where), (n) => (n ? this.prisma.refund.count({ where, orderBy, take: n }) : this.prisma.refund.count({ where }))),
    ]);
  }

  /** One of the client's refunds, or null (another client's is never found). */
  findOfClient(clientId: string, id: string): Promise<Refund | null> {
    return this.prisma.refund.findFirst({ where: { id, clientId } });
  }

  /** Refunds left to operations: the vendor refused them, or their last try failed (`failed`, what the list's status filter shows). */
  countNeedingAction(): Promise<number> {
    return this.prisma.refund.count({ where: { status: 'failed' } });
  }

  findById(id: string): Promise<Refund | null> {
    return this.prisma.refund.findUnique({ where: { id } });
  }

  /** Locks the refund for a staff change in `tx`. */
  async lock(tx: Prisma.TransactionClient, id: string): Promise<Refund | null> {
    const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM refunds WHERE id = ${id}::uuid FOR UPDATE`;
    return rows.length ? tx.refund.findUnique({ where: { id } }) : null;
  }

  /** A failed refund owed again now, with a fresh count of tries (its last error stays until the next try). */
  retry(tx: Prisma.TransactionClient, id: string, at: Date): Promise<Refund> {
    return tx.refund.update({ where: { id }, data: { status: 'pending', attempts: 0, nextAttemptAt: at, updatedAt: at } });
  }

  /** The refund of a vendor payment, if one was recorded. */
  forVendorPayment(tx: Prisma.TransactionClient, vendorPaymentId: string): Promise<Refund | null> {
    return tx.refund.findUnique({ where: { vendorPaymentId } });
  }

  create(tx: Prisma.TransactionClient, data: Prisma.RefundUncheckedCreateInput): Promise<Refund> {
    return tx.refund.create({ data });
  }

  /**
   * Claims up to `batch` pending refunds due at `now` with a lease until `leaseUntil`: another worker (instance)
   * skips them until it runs out.
   */
  claimDue(now: Date, leaseUntil: Date, batch: number): Promise<DueRefund[]> {
    return this.db.sql.query<DueRefund>(
      `UPDATE refunds r SET next_attempt_at = $2::timestamptz, updated_at = $1::timestamptz
        WHERE r.id IN (SELECT id FROM refunds WHERE status = 'pending' AND next_attempt_at <= $1::timestamptz
                        ORDER BY next_attempt_at LIMIT ${Number(batch)} FOR UPDATE SKIP LOCKED)
        RETURNING r.id, r.amount::text AS amount, r.currency, r.attempts, r.vendor_payment_id`,
      [now.toISOString(), leaseUntil.toISOString()],
    );
  }

  async markPaidOut(id: string, vendorRefundId: string, attempts: number, at: Date): Promise<void> {
    await this.prisma.refund.update({
      where: { id },
      data: { status: 'succeeded', vendorRefundId, attempts, refundedAt: at, lastError: null, updatedAt: at },
    });
  }

  /** A try that did not pay: tried again at `nextAttemptAt`, or `failed` for good. */
  async markTryFailed(id: string, t: { failed: boolean; attempts: number; lastError: string; nextAttemptAt: Date; at: Date }): Promise<void> {
    await this.prisma.refund.update({
      where: { id },
      data: { status: t.failed ? 'failed' : 'pending', attempts: t.attempts, lastError: t.lastError, nextAttemptAt: t.nextAttemptAt, updatedAt: t.at },
    });
  }
}

/** A refund claimed for paying out. */
export interface DueRefund {
  id: string;
  amount: string;
  currency: string;
  attempts: number;
  vendor_payment_id: string;
}
