import { Injectable } from '@nestjs/common';
import { formatDateTime } from '@lib/common';
import { PrismaService } from '@lib/db';
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
}

export function presentTarget(t: EmbedAllowedTarget): AdminEmbedTargetOut {
  // stored through the kind enum (the console's create body)
  return { id: t.id, kind: t.kind as EmbedTargetKind, value: t.value, created_at: formatDateTime(t.createdAt) };
}
