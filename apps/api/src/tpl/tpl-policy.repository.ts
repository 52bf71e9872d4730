import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { Payment, TplPolicy } from '@lib/db/generated/prisma/client';

export const TPL_STATUS = { pending: 0, issued: 1, canceled: 2, onHold: 3 } as const;

export interface TplPolicyFilters {
  vin?: string;
  carSequenceNumber?: string;
  currentCarOwner?: string;
  status?: number;
}

export type TplPolicyWithPayment = { policy: TplPolicy; payment: Payment | null };

@Injectable()
export class TplPolicyRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn, { maxWait: 10_000, timeout: 30_000 });
  }

  create(tx: Prisma.TransactionClient, data: Prisma.TplPolicyUncheckedCreateInput): Promise<TplPolicy> {
    return tx.tplPolicy.create({ data });
  }

  /** The active (pending or issued) policy of a VIN, whichever client holds it. */
  findActiveByVin(vin: string): Promise<TplPolicy | null> {
    return this.prisma.tplPolicy.findFirst({ where: { vin, status: { in: [0, 1] } } });
  }

  async findForClient(clientId: string, id: number): Promise<TplPolicyWithPayment | null> {
    const policy = await this.prisma.tplPolicy.findFirst({ where: { id, clientId } });
    return policy ? { policy, payment: await this.paymentOf(policy.id) } : null;
  }

  /** The client's policy of a VIN to cancel: the issued one if any, else the newest. */
  findForClientByVin(clientId: string, vin: string): Promise<TplPolicy | null> {
    return this.prisma.tplPolicy.findFirst({ where: { clientId, vin }, orderBy: [{ status: 'asc' }, { createdAt: 'desc' }] }).then(async (first) => {
      const issued = await this.prisma.tplPolicy.findFirst({ where: { clientId, vin, status: 1 } });
      return issued ?? first;
    });
  }

  async page(clientId: string, f: TplPolicyFilters, skip: number, take: number): Promise<[TplPolicyWithPayment[], number]> {
    const where: Prisma.TplPolicyWhereInput = {
      clientId,
      ...(f.vin ? { vin: f.vin } : {}),
      ...(f.carSequenceNumber ? { carSequenceNumber: f.carSequenceNumber } : {}),
      ...(f.currentCarOwner ? { currentCarOwner: f.currentCarOwner } : {}),
      ...(f.status !== undefined ? { status: f.status } : {}),
    };
    const [rows, total] = await Promise.all([
      this.prisma.tplPolicy.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
      this.prisma.tplPolicy.count({ where }),
    ]);
    const payments = rows.length
      ? await this.prisma.payment.findMany({ where: { policyType: 'tpl', policyId: { in: rows.map((r) => r.id) } }, orderBy: { createdAt: 'desc' } })
      : [];
    return [rows.map((policy) => ({ policy, payment: payments.find((p) => p.policyId === policy.id) ?? null })), total];
  }

  paymentOf(policyId: number): Promise<Payment | null> {
    return this.prisma.payment.findFirst({ where: { policyType: 'tpl', policyId }, orderBy: { createdAt: 'desc' } });
  }
}
