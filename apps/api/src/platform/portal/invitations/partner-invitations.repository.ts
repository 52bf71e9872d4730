import { Injectable } from '@nestjs/common';
import { PrismaService } from '@lib/db';
import type { ApiClient, PartnerInvitation, PartnerUser } from '@lib/db/generated/prisma/client';
import type { Tx } from '../../admin/audit/audit-trail';

export type InvitationWithUser = PartnerInvitation & { user: PartnerUser & { client: ApiClient } };

/** Every query on invitation links; only the SHA-256 of a link's token is ever stored or looked up. */
@Injectable()
export class PartnerInvitationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByTokenHash(tokenHash: string): Promise<InvitationWithUser | null> {
    return this.prisma.partnerInvitation.findUnique({ where: { tokenHash }, include: { user: { include: { client: true } } } });
  }

  create(tx: Tx, data: { id: string; partnerUserId: string; tokenHash: string; expiresAt: Date }, at: Date): Promise<PartnerInvitation> {
    return tx.partnerInvitation.create({ data: { ...data, createdAt: at } });
  }

  /** Closes the user's open links: a newer invitation or the user's removal replaces them. */
  async closeOpen(tx: Tx, partnerUserId: string, at: Date): Promise<void> {
    await tx.partnerInvitation.updateMany({ where: { partnerUserId, usedAt: null }, data: { usedAt: at } });
  }

  /** Marks the link used if it still is open and unexpired; false when another request used it first. */
  async use(tx: Tx, id: string, at: Date): Promise<boolean> {
    const { count } = await tx.partnerInvitation.updateMany({ where: { id, usedAt: null, expiresAt: { gt: at } }, data: { usedAt: at } });
    return count === 1;
  }
}
