import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { StaffSession, StaffUser } from '@lib/db/generated/prisma/client';

type Tx = Prisma.TransactionClient;

/** The console's sign-in sessions, found by the hash of their cookie token. */
@Injectable()
export class StaffSessionRepository {
  constructor(private readonly prisma: PrismaService) {}

  byTokenHash(tokenHash: string): Promise<(StaffSession & { staff: StaffUser }) | null> {
    return this.prisma.staffSession.findUnique({ where: { tokenHash }, include: { staff: true } });
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.prisma.staffSession.update({ where: { id }, data: { lastSeenAt: at } });
  }

  open(tx: Tx, data: Prisma.StaffSessionUncheckedCreateInput): Promise<StaffSession> {
    return tx.staffSession.create({ data });
  }

  async revoke(tx: Tx, id: string, at: Date): Promise<void> {
    await tx.staffSession.update({ where: { id }, data: { revokedAt: at } });
  }
}
