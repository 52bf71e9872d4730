import { Injectable } from '@nestjs/common';
import { PrismaService } from '@lib/db';

/** How many of each kind a policy page shows, newest first. */
export const ACTIVITY_LIMIT = 50;

/** What happened to one policy outside its own row: payments, refunds, webhooks sent and staff actions. Four statements. */
@Injectable()
export class PolicyActivityRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Whether the family's policy table (a constant of the family's product, never input) holds this policy. */
  async exists(table: string, policyId: number): Promise<boolean> {
    const rows = await this.prisma.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM ${table} WHERE id = $1`, policyId);
    return rows.length > 0;
  }

  of(family: string, resource: string, policyId: number, parts: { payments: boolean; webhooks: boolean }) {
    const newest = { orderBy: [{ createdAt: 'desc' as const }], take: ACTIVITY_LIMIT };
    const policy = { policyType: family, policyId };
    return Promise.all([
      parts.payments ? this.prisma.payment.findMany({ where: policy, ...newest }) : null,
      parts.payments ? this.prisma.refund.findMany({ where: policy, ...newest }) : null,
      parts.webhooks ? this.prisma.webhookDelivery.findMany({ where: policy, ...newest, omit: { body: true } }) : null,
      this.prisma.auditLogEntry.findMany({
        where: { resource, resourceId: String(policyId) },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: ACTIVITY_LIMIT,
      }),
    ]);
  }
}
