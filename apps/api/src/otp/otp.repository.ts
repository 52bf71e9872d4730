import { Injectable } from '@nestjs/common';
import { PrismaService } from '@lib/db';
import type { OtpCode } from '@lib/db/generated/prisma/client';

export type { OtpCode };

@Injectable()
export class OtpRepository {
  constructor(private readonly prisma: PrismaService) {}

  latestForPhone(clientId: string, purpose: string, phone: string): Promise<OtpCode | null> {
    return this.prisma.otpCode.findFirst({ where: { clientId, purpose, phone }, orderBy: { createdAt: 'desc' } });
  }

  /** The newest code for this purpose and subject that a newer one has not replaced. */
  current(clientId: string, purpose: string, subject: string): Promise<OtpCode | null> {
    return this.prisma.otpCode.findFirst({
      where: { clientId, purpose, subject, invalidatedAt: null },
      orderBy: { createdAt: 'desc' },
    });
  }

  /** Replaces every earlier code of the subject with the new one, atomically. */
  async replace(code: Omit<OtpCode, 'attempts' | 'invalidatedAt' | 'consumedAt'>): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.otpCode.updateMany({
        where: { clientId: code.clientId, purpose: code.purpose, subject: code.subject, invalidatedAt: null },
        data: { invalidatedAt: code.createdAt },
      }),
      this.prisma.otpCode.create({ data: code }),
    ]);
  }

  /** Counts a wrong attempt unless the limit is reached; false when it already was (concurrent guesses included). */
  async recordFailure(id: string, maxAttempts: number): Promise<boolean> {
    const r = await this.prisma.otpCode.updateMany({ where: { id, attempts: { lt: maxAttempts } }, data: { attempts: { increment: 1 } } });
    return r.count === 1;
  }

  /** Marks a single-use code used; false when another request used it first. */
  async consume(id: string, at: Date): Promise<boolean> {
    const r = await this.prisma.otpCode.updateMany({ where: { id, consumedAt: null }, data: { consumedAt: at } });
    return r.count === 1;
  }
}
