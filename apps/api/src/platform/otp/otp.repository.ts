import { Inject, Injectable } from '@nestjs/common';
import { Database, DATABASE, PrismaService } from '@lib/db';
import type { OtpCode } from '@lib/db/generated/prisma/client';

export type { OtpCode };

@Injectable()
export class OtpRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  latestForPhone(clientId: string, purpose: string, phone: string): Promise<OtpCode | null> {
    return this.prisma.otpCode.findFirst({ where: { clientId, purpose, phone }, orderBy: { createdAt: 'desc' } });
  }

  /**
   * The newest code for this purpose and subject that a newer one has not replaced (read on every quote request: plain
   * SQL, prepared once per connection).
   */
  async current(clientId: string, purpose: string, subject: string): Promise<OtpCode | null> {
    const rows = await this.db.sql.query<OtpCode>(
      `SELECT id, client_id AS "clientId", purpose, subject, phone, code_hash AS "codeHash", attempts, expires_at AS "expiresAt",
              invalidated_at AS "invalidatedAt", consumed_at AS "consumedAt", created_at AS "createdAt"
         FROM otp_codes
        WHERE client_id = $1::uuid AND purpose = $2 AND subject = $3 AND invalidated_at IS NULL
        ORDER BY created_at DESC LIMIT 1`,
      [clientId, purpose, subject],
      'otp_current',
    );
    return rows[0] ?? null;
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
