import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';

export const QUOTE_REQUEST_INCLUDE = {
  offers: {
    orderBy: { position: 'asc' },
    include: { prices: { orderBy: { position: 'asc' } }, benefits: { orderBy: { position: 'asc' } } },
  },
} satisfies Prisma.MotorQuoteRequestInclude;

/** Waits for a connection as long as a quote request may reasonably take, then gives up (503). */
const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

export type QuoteRequestRow = Prisma.MotorQuoteRequestGetPayload<{ include: typeof QUOTE_REQUEST_INCLUDE }>;

export interface NewQuoteRequest {
  request: Prisma.MotorQuoteRequestUncheckedCreateInput;
  offers: Omit<Prisma.MotorOfferCreateManyInput, 'quoteRequestId'>[];
  prices: Prisma.MotorOfferPriceCreateManyInput[];
  benefits: Prisma.MotorOfferBenefitCreateManyInput[];
  outcomes: Omit<Prisma.MotorInsurerOutcomeCreateManyInput, 'quoteRequestId'>[];
}

@Injectable()
export class QuoteRequestRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Writes the request, its offers with prices and benefits, and every insurer's outcome in one
   * transaction: one multi-row INSERT per table rather than one per row (a request holds hundreds).
   */
  async create(rows: NewQuoteRequest): Promise<QuoteRequestRow> {
    const request = await this.prisma.$transaction(async (tx) => {
      const request = await tx.motorQuoteRequest.create({ data: rows.request });
      await tx.motorOffer.createMany({ data: rows.offers.map((o) => ({ ...o, quoteRequestId: request.id })) });
      if (rows.prices.length) await tx.motorOfferPrice.createMany({ data: rows.prices });
      if (rows.benefits.length) await tx.motorOfferBenefit.createMany({ data: rows.benefits });
      await tx.motorInsurerOutcome.createMany({ data: rows.outcomes.map((o) => ({ ...o, quoteRequestId: request.id })) });
      return request;
    }, TX_OPTIONS);
    // Everything written is at hand: answer from it instead of reading hundreds of rows back.
    const offers = rows.offers.map((o) => ({
      ...o,
      quoteRequestId: request.id,
      prices: rows.prices.filter((p) => p.offerId === o.id),
      benefits: rows.benefits.filter((b) => b.offerId === o.id),
    }));
    return { ...request, offers } as unknown as QuoteRequestRow;
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
