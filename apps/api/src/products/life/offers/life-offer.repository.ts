import { Injectable } from '@nestjs/common';
import { PrismaService } from '@lib/db';
import type { LifeOffer, Prisma } from '@lib/db/generated/prisma/client';

export type { LifeOffer };

@Injectable()
export class LifeOfferRepository {
  constructor(private readonly prisma: PrismaService) {}

  createMany(rows: Prisma.LifeOfferCreateManyInput[]) {
    return this.prisma.lifeOffer.createMany({ data: rows });
  }

  /** Another client's offer is not found: offers are never shared. */
  findForClient(clientId: string, id: string): Promise<LifeOffer | null> {
    return this.prisma.lifeOffer.findFirst({ where: { id, clientId } });
  }

  findByIds(ids: string[]): Promise<LifeOffer[]> {
    return ids.length ? this.prisma.lifeOffer.findMany({ where: { id: { in: ids } } }) : Promise.resolve([]);
  }
}
