import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { EmbedSession } from '@lib/db/generated/prisma/client';
import type { VehiclePhotoPart } from '@lib/providers';

export type { EmbedSession };

/** One stored photo of a session's set. */
export interface SessionPhoto {
  file_id: string;
  content_type: string;
  url: string;
}
export type SessionPhotos = Record<VehiclePhotoPart, SessionPhoto>;

export const sessionPhotos = (s: EmbedSession): SessionPhotos | null => (s.photos as unknown as SessionPhotos | null) ?? null;

@Injectable()
export class EmbedSessionRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: Prisma.EmbedSessionUncheckedCreateInput): Promise<EmbedSession> {
    return this.prisma.embedSession.create({ data });
  }

  findForClient(clientId: string, id: string): Promise<EmbedSession | null> {
    return this.prisma.embedSession.findFirst({ where: { id, clientId } });
  }

  findByTokenHash(tokenHash: string): Promise<EmbedSession | null> {
    return this.prisma.embedSession.findUnique({ where: { tokenHash } });
  }

  /** Sets first_opened_at once: the first opening wins. */
  async markOpened(id: string, at: Date): Promise<void> {
    await this.prisma.embedSession.updateMany({ where: { id, firstOpenedAt: null }, data: { firstOpenedAt: at } });
  }

  /** Replaces the photo set while no policy was issued; answers the set it replaced, or false when a policy came first. */
  async replacePhotos(id: string, photos: SessionPhotos, at: Date): Promise<{ replaced: SessionPhotos | null } | false> {
    return this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<
        Array<{ photos: unknown; policy_id: string | null }>
      >`SELECT photos, policy_id FROM embed_sessions WHERE id = ${id}::uuid FOR UPDATE`;
      if (!rows.length || rows[0].policy_id) return false;
      await tx.embedSession.update({ where: { id }, data: { photos: photos as unknown as Prisma.InputJsonValue, photosUpdatedAt: at } });
      return { replaced: (rows[0].photos as SessionPhotos | null) ?? null };
    });
  }

  /** Whether the insurer checked photos for the quote request since `since` (the session's current set is registered). */
  async registeredSince(quoteRequestId: number, insurerCode: string, since: Date): Promise<boolean> {
    return (await this.prisma.motorPhotoRegistration.count({ where: { quoteRequestId, insurerCode, createdAt: { gte: since } } })) > 0;
  }

  /** Photo URLs an insurer keeps for the quote request: those files must stay. */
  async registeredPhotoUrls(quoteRequestId: number): Promise<Set<string>> {
    const rows = await this.prisma.motorPhotoRegistration.findMany({ where: { quoteRequestId }, select: { photos: true } });
    return new Set(rows.flatMap((r) => Object.values((r.photos ?? {}) as Record<string, string>)));
  }

  /**
   * Claims the session for one issuance: false while another is running (claims older than `staleBefore`
   * are taken over: their request died) or once a policy exists.
   */
  async claimIssuance(id: string, at: Date, staleBefore: Date): Promise<boolean> {
    const { count } = await this.prisma.embedSession.updateMany({
      where: { id, policyId: null, OR: [{ issuingSince: null }, { issuingSince: { lt: staleBefore } }] },
      data: { issuingSince: at },
    });
    return count === 1;
  }

  /** Ends the claim, recording the policy when one was issued. */
  async releaseIssuance(id: string, policyId: number | null): Promise<void> {
    await this.prisma.embedSession.update({ where: { id }, data: { issuingSince: null, ...(policyId !== null ? { policyId } : {}) } });
  }
}
