import { Injectable } from '@nestjs/common';
import { PrismaService } from '@lib/db';
import type { SmsMessage } from '@lib/db/generated/prisma/client';

/** The sandbox's stored text messages, read back by partners for their test codes. */
@Injectable()
export class SmsMessageRepository {
  constructor(private readonly prisma: PrismaService) {}

  async store(data: { clientId: string; phone: string; text: string; createdAt: Date }): Promise<void> {
    await this.prisma.smsMessage.create({ data });
  }

  /** A client's messages (to one phone, when given), newest first, and the total. */
  page(clientId: string, phone: string | undefined, skip: number, take: number): Promise<[SmsMessage[], number]> {
    const where = { clientId, ...(phone ? { phone } : {}) };
    return this.prisma.$transaction([
      this.prisma.smsMessage.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
      this.prisma.smsMessage.count({ where }),
    ]);
  }
}
