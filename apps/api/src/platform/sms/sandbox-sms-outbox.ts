import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { PrismaService } from '@lib/db';
import { SmsSender } from './sms-sender';

/** Sandbox: stores every SMS instead of sending it, so partners can read their test codes. */
@Injectable()
export class SandboxSmsOutbox extends SmsSender {
  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
  ) {
    super();
  }

  async send(clientId: string, phone: string, text: string): Promise<void> {
    await this.prisma.smsMessage.create({ data: { clientId, phone, text, createdAt: this.clock.now() } });
  }

  list(clientId: string, phone: string | undefined, skip: number, take: number) {
    const where = { clientId, ...(phone ? { phone } : {}) };
    return this.prisma.$transaction([
      this.prisma.smsMessage.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
      this.prisma.smsMessage.count({ where }),
    ]);
  }
}
