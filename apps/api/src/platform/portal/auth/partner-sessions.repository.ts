import { Injectable } from '@nestjs/common';
import { PrismaService } from '@lib/db';
import type { PartnerSession, PartnerUser } from '@lib/db/generated/prisma/client';
import type { Tx } from '../../admin/audit/audit-trail';

/** Every query on portal sessions; the table keeps only the SHA-256 of each cookie's token. */
@Injectable()
export class PartnerSessionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByTokenHash(tokenHash: string): Promise<(PartnerSession & { user: PartnerUser }) | null> {
    return this.prisma.partnerSession.findUnique({ where: { tokenHash }, include: { user: true } });
  }

  create(tx: Tx, data: { id: string; partnerUserId: string; tokenHash: string; expiresAt: Date }, at: Date): Promise<PartnerSession> {
    return tx.partnerSession.create({ data: { ...data, createdAt: at, lastSeenAt: at } });
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.prisma.partnerSession.update({ where: { id }, data: { lastSeenAt: at } });
  }

  async revoke(tx: Tx, id: string, at: Date): Promise<void> {
    await tx.partnerSession.update({ where: { id }, data: { revokedAt: at } });
  }

  /** Ends every open session of a user at once (removed, or a new password chosen). */
  async revokeAll(tx: Tx, partnerUserId: string, at: Date): Promise<void> {
    await tx.partnerSession.updateMany({ where: { partnerUserId, revokedAt: null }, data: { revokedAt: at } });
  }
}
