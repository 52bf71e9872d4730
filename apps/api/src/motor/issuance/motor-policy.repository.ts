import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { Prisma, PrismaService } from '@lib/db';
import type { MotorPolicy, Payment } from '@lib/db/generated/prisma/client';

/** A payment whose link still works: pending, or its last card attempt failed (the customer may try again). */
const OPEN_PAYMENT = ['pending', 'failed'];

export type PolicyWithPayment = { policy: MotorPolicy; payment: Payment | null };

@Injectable()
export class MotorPolicyRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
  ) {}

  transaction<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn, { maxWait: 10_000, timeout: 15_000 });
  }

  create(tx: Prisma.TransactionClient, data: Prisma.MotorPolicyUncheckedCreateInput): Promise<MotorPolicy> {
    return tx.motorPolicy.create({ data });
  }

  async findForClient(clientId: string, id: number): Promise<PolicyWithPayment | null> {
    const policy = await this.prisma.motorPolicy.findFirst({ where: { id, clientId } });
    return policy ? { policy, payment: await this.pendingPayment(policy.id) } : null;
  }

  async page(clientId: string, filter: { status?: number; quoteRequestId?: number }, skip: number, take: number): Promise<[PolicyWithPayment[], number]> {
    const where: Prisma.MotorPolicyWhereInput = {
      clientId,
      ...(filter.status !== undefined ? { status: filter.status } : {}),
      ...(filter.quoteRequestId !== undefined ? { quoteRequestId: filter.quoteRequestId } : {}),
    };
    const [policies, total] = await this.prisma.$transaction([
      this.prisma.motorPolicy.findMany({ where, orderBy: { id: 'desc' }, skip, take }),
      this.prisma.motorPolicy.count({ where }),
    ]);
    const payments = await this.prisma.payment.findMany({ where: { policyType: 'motor', policyId: { in: policies.map((p) => p.id) }, status: { in: OPEN_PAYMENT }, expiresAt: { gt: this.clock.now() } } });
    return [policies.map((policy) => ({ policy, payment: payments.find((p) => p.policyId === policy.id) ?? null })), total];
  }

  private pendingPayment(policyId: number): Promise<Payment | null> {
    return this.prisma.payment.findFirst({ where: { policyType: 'motor', policyId, status: { in: OPEN_PAYMENT }, expiresAt: { gt: this.clock.now() } }, orderBy: { createdAt: 'desc' } });
  }
}
