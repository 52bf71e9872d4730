import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { Prisma, PrismaService } from '@lib/db';
import type { HorsePolicy, Payment } from '@lib/db/generated/prisma/client';

export type { HorsePolicy };
export type HorsePolicyView = { policy: HorsePolicy; payment: Payment | null };

const OPEN_PAYMENT = ['pending', 'failed'];

@Injectable()
export class HorsePolicyRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  create(tx: Prisma.TransactionClient, data: Prisma.HorsePolicyUncheckedCreateInput) {
    return tx.horsePolicy.create({ data });
  }

  async findForClient(clientId: string | null, id: number): Promise<HorsePolicyView | null> {
    const policy = await this.prisma.horsePolicy.findFirst({ where: { id, ...(clientId === null ? {} : { clientId }) } });
    if (!policy) return null;
    const payment = await this.prisma.payment.findFirst({ where: { policyType: 'horse', policyId: id, status: { in: OPEN_PAYMENT }, expiresAt: { gt: this.clock.now() } } });
    return { policy, payment };
  }

  async markCancelled(tx: Prisma.TransactionClient, id: number, data: { cancelledAt: Date; refundAmount: string; cancellationDocument: string | null }): Promise<boolean> {
    const { count } = await tx.horsePolicy.updateMany({ where: { id, status: 1 }, data: { status: 2, ...data, updatedAt: data.cancelledAt } });
    return count === 1;
  }
}
