import { Injectable } from '@nestjs/common';
import { formatDateTime } from '@lib/common';
import { Prisma, PrismaService } from '@lib/db';
import type { EmbedAllowedTarget } from '@lib/db/generated/prisma/client';
import type { EmbedTargetKind } from './embed-target.rules';
import type { AdminEmbedTargetOut } from './admin-embed-targets.response';

export type { EmbedAllowedTarget };

/** The sites and app links each client registered for embed sessions. */
@Injectable()
export class EmbedTargetRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(clientId: string): Promise<EmbedAllowedTarget[]> {
    return this.prisma.embedAllowedTarget.findMany({ where: { clientId }, orderBy: [{ kind: 'asc' }, { createdAt: 'asc' }] });
  }

  async values(clientId: string, kind: EmbedTargetKind): Promise<string[]> {
    const rows = await this.prisma.embedAllowedTarget.findMany({ where: { clientId, kind }, select: { value: true } });
    return rows.map((r) => r.value);
  }

  async isRegistered(clientId: string, kind: EmbedTargetKind, value: string): Promise<boolean> {
    return (await this.prisma.embedAllowedTarget.count({ where: { clientId, kind, value } })) > 0;
  }

  /**
   * The client's targets, read in `tx` after locking the client's row: two concurrent additions run one after the
   * other, so both cannot pass the limit.
   */
  async lockedList(tx: Prisma.TransactionClient, clientId: string): Promise<EmbedAllowedTarget[]> {
    await tx.$queryRaw`SELECT id FROM api_clients WHERE id = ${clientId}::uuid FOR UPDATE`;
    return tx.embedAllowedTarget.findMany({ where: { clientId } });
  }

  add(
    tx: Prisma.TransactionClient,
    data: { id: string; clientId: string; kind: EmbedTargetKind; value: string; createdAt: Date },
  ): Promise<EmbedAllowedTarget> {
    return tx.embedAllowedTarget.create({ data });
  }

  findOf(tx: Prisma.TransactionClient, clientId: string, id: string): Promise<EmbedAllowedTarget | null> {
    return tx.embedAllowedTarget.findFirst({ where: { id, clientId } });
  }

  async remove(tx: Prisma.TransactionClient, id: string): Promise<void> {
    await tx.embedAllowedTarget.delete({ where: { id } });
  }
}

export function presentTarget(t: EmbedAllowedTarget): AdminEmbedTargetOut {
  // stored through the kind enum (the console's create body)
  return { id: t.id, kind: t.kind as EmbedTargetKind, value: t.value, created_at: formatDateTime(t.createdAt) };
}
