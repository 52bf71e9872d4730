import { Injectable } from '@nestjs/common';
import { listTotal, listTotalKey, Prisma, PrismaService } from '@lib/db';
import type { MotorPolicy, Payment } from '@lib/db/generated/prisma/client';
import { PolicyStatus } from '../../../policies/policy-status';

/** The stored status codes of a motor policy and the names the console uses for them. */
export const POLICY_STATUS_CODES = { pending: PolicyStatus.Pending, issued: PolicyStatus.Active, expired: PolicyStatus.Expired } as const;
export type PolicyStatusName = keyof typeof POLICY_STATUS_CODES;
export const POLICY_STATUS_NAMES = Object.keys(POLICY_STATUS_CODES) as [PolicyStatusName, ...PolicyStatusName[]];

export function policyStatusName(code: number): string {
  return POLICY_STATUS_NAMES.find((n) => POLICY_STATUS_CODES[n] === code) ?? String(code);
}

export interface PolicyFilter {
  ids?: number[];
  status?: PolicyStatusName;
  insurerCode?: string;
  clientId?: string;
  quoteRequestId?: number;
  createdFrom?: Date;
  createdBefore?: Date;
}

export type PolicyWithClient = MotorPolicy & { clientName: string | null };

/** The console's reads of motor policies and their payments, across every client. Nothing here writes. */
@Injectable()
export class PolicyAdminRepository {
  constructor(private readonly prisma: PrismaService) {}

  async page(filter: PolicyFilter, orderBy: Prisma.MotorPolicyOrderByWithRelationInput[], skip: number, take: number) {
    const where: Prisma.MotorPolicyWhereInput = {
      ...(filter.ids ? { id: { in: filter.ids } } : {}),
      ...(filter.status ? { status: POLICY_STATUS_CODES[filter.status] } : {}),
      ...(filter.insurerCode ? { insurerCode: filter.insurerCode } : {}),
      ...(filter.clientId ? { clientId: filter.clientId } : {}),
      ...(filter.quoteRequestId ? { quoteRequestId: filter.quoteRequestId } : {}),
      ...(filter.createdFrom || filter.createdBefore
        ? { createdAt: { ...(filter.createdFrom ? { gte: filter.createdFrom } : {}), ...(filter.createdBefore ? { lt: filter.createdBefore } : {}) } }
        : {}),
    };
    const [rows, total] = await Promise.all([
      this.prisma.motorPolicy.findMany({ where, orderBy, skip, take }),
      listTotal(listTotalKey('motor_policies', where), (n) =>
        n ? this.prisma.motorPolicy.count({ where, take: n, orderBy }) : this.prisma.motorPolicy.count({ where }),
      ),
    ]);
    return { rows: await this.withClientNames(rows), total };
  }

  async find(id: number): Promise<{ policy: PolicyWithClient; payments: Payment[] } | null> {
    const policy = await this.prisma.motorPolicy.findUnique({ where: { id } });
    if (!policy) return null;
    const [[withName], payments] = await Promise.all([
      this.withClientNames([policy]),
      this.prisma.payment.findMany({ where: { policyType: 'motor', policyId: id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
    ]);
    return { policy: withName, payments };
  }

  /** One query for the page's client names. */
  private async withClientNames(rows: MotorPolicy[]): Promise<PolicyWithClient[]> {
    const ids = [...new Set(rows.map((r) => r.clientId))];
    const clients = ids.length ? await this.prisma.apiClient.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
    const names = new Map(clients.map((c) => [c.id, c.name]));
    return rows.map((r) => ({ ...r, clientName: names.get(r.clientId) ?? null }));
  }
}
