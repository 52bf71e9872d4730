import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
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

/** The console's queries on refunds (the worker that pays them out keeps its own). */
@Injectable()
export class RefundRepository {
  constructor(private readonly prisma: PrismaService) {}

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
}
