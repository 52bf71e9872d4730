import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { Payment, TplPolicy } from '@lib/db/generated/prisma/client';

export interface TplAdminFilter {
  ids?: number[];
  /** A VIN, a sequence number or a policy id. */
  q?: string;
  status?: number;
  clientId?: string;
}

/** The console reads TPL policies of every client. */
@Injectable()
export class TplPolicyAdminRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(id: number): Promise<TplPolicy | null> {
    return this.prisma.tplPolicy.findUnique({ where: { id } });
  }

  async page(f: TplAdminFilter, skip: number, take: number, orderBy: Prisma.TplPolicyOrderByWithRelationInput[]): Promise<[TplPolicy[], number]> {
    const q = f.q?.trim().toUpperCase();
    const where: Prisma.TplPolicyWhereInput = {
      ...(f.ids ? { id: { in: f.ids } } : {}),
      ...(f.status !== undefined ? { status: f.status } : {}),
      ...(f.clientId ? { clientId: f.clientId } : {}),
      ...(q ? { OR: [{ vin: q }, { carSequenceNumber: q }, ...(/^\d{1,9}$/.test(q) ? [{ id: Number(q) }] : [])] } : {}),
    };
    return Promise.all([this.prisma.tplPolicy.findMany({ where, orderBy, skip, take }), this.prisma.tplPolicy.count({ where })]);
  }

  /** The payments of a page's policies, newest first, by policy id: one statement for the page. */
  async paymentsOf(policyIds: number[]): Promise<Map<number, Payment[]>> {
    const byPolicy = new Map<number, Payment[]>(policyIds.map((id) => [id, []]));
    if (!policyIds.length) return byPolicy;
    const rows = await this.prisma.payment.findMany({
      where: { policyType: 'tpl', policyId: { in: policyIds } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    for (const row of rows) byPolicy.get(row.policyId)?.push(row);
    return byPolicy;
  }
}
