import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';

export const QUOTE_REQUEST_INCLUDE = {
  offers: {
    orderBy: { position: 'asc' },
    include: { prices: { orderBy: { position: 'asc' } }, benefits: { orderBy: { position: 'asc' } } },
  },
} satisfies Prisma.MotorQuoteRequestInclude;

export type QuoteRequestRow = Prisma.MotorQuoteRequestGetPayload<{ include: typeof QUOTE_REQUEST_INCLUDE }>;

@Injectable()
export class QuoteRequestRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Writes the request, its offers with prices and benefits, and every insurer's outcome in one transaction. */
  create(data: Prisma.MotorQuoteRequestUncheckedCreateInput): Promise<QuoteRequestRow> {
    return this.prisma.motorQuoteRequest.create({ data, include: QUOTE_REQUEST_INCLUDE });
  }

  findForClient(clientId: string, id: number): Promise<QuoteRequestRow | null> {
    return this.prisma.motorQuoteRequest.findFirst({ where: { id, clientId, deletedAt: null }, include: QUOTE_REQUEST_INCLUDE });
  }

  async page(clientId: string, filter: { ownerId?: string }, skip: number, take: number): Promise<[QuoteRequestRow[], number]> {
    const where: Prisma.MotorQuoteRequestWhereInput = { clientId, deletedAt: null, ...(filter.ownerId ? { ownerId: filter.ownerId } : {}) };
    return this.prisma.$transaction([
      this.prisma.motorQuoteRequest.findMany({ where, include: QUOTE_REQUEST_INCLUDE, orderBy: { id: 'desc' }, skip, take }),
      this.prisma.motorQuoteRequest.count({ where }),
    ]);
  }

  async softDelete(clientId: string, id: number, at: Date): Promise<boolean> {
    const r = await this.prisma.motorQuoteRequest.updateMany({ where: { id, clientId, deletedAt: null }, data: { deletedAt: at, updatedAt: at } });
    return r.count === 1;
  }
}
