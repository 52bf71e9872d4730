import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { TravelQuote } from '@lib/db/generated/prisma/client';

export type { TravelQuote };

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `Q-` and eight random capitals or digits, like the real service's quote ids. */
export function newQuoteId(): string {
  return `Q-${Array.from({ length: 8 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('')}`;
}

@Injectable()
export class TravelQuoteRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Inserts with a fresh public id; a collision (one in 2.8e12) is retried. */
  async create(data: Omit<Prisma.TravelQuoteUncheckedCreateInput, 'quoteId'>): Promise<TravelQuote> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.prisma.travelQuote.create({ data: { ...data, quoteId: newQuoteId() } });
      } catch (err) {
        if (attempt < 3 && err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') continue;
        throw err;
      }
    }
  }

  findForClient(clientId: string, quoteId: string, tx: Prisma.TransactionClient = this.prisma): Promise<TravelQuote | null> {
    return tx.travelQuote.findFirst({ where: { quoteId, clientId } });
  }

  /** Records the applicant's documents once: false when they were already uploaded (the real service's 40018). */
  async attachDocuments(id: number, files: { idDocumentFileId: string; passportDocumentFileId: string }, at: Date): Promise<boolean> {
    const { count } = await this.prisma.travelQuote.updateMany({
      where: { id, documentsUploadedAt: null },
      data: { ...files, documentsUploadedAt: at, updatedAt: at },
    });
    return count === 1;
  }
}
