import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { StaffUser } from '@lib/db/generated/prisma/client';

type Tx = Prisma.TransactionClient;

/** Staff accounts (the console's users); writes run in the audit transaction they are recorded in. */
@Injectable()
export class StaffUserRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A page of staff users and the total. */
  page(
    f: { ids?: string[]; role?: string; active?: boolean; q?: string },
    orderBy: Prisma.StaffUserOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<[StaffUser[], number]> {
    const where: Prisma.StaffUserWhereInput = {
      ...(f.ids ? { id: { in: f.ids } } : {}),
      ...(f.role ? { role: f.role } : {}),
      ...(f.active !== undefined ? { active: f.active } : {}),
      ...(f.q ? { OR: [{ email: { contains: f.q, mode: 'insensitive' as const } }, { name: { contains: f.q, mode: 'insensitive' as const } }] } : {}),
    };
    return Promise.all([this.prisma.staffUser.findMany({ where, orderBy, skip, take }), this.prisma.staffUser.count({ where })]);
  }

  find(id: string): Promise<StaffUser | null> {
    return this.prisma.staffUser.findUnique({ where: { id } });
  }

  findByEmail(email: string): Promise<StaffUser | null> {
    return this.prisma.staffUser.findUnique({ where: { email } });
  }

  names(ids: string[]): Promise<Array<{ id: string; name: string }>> {
    return this.prisma.staffUser.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  }

  findIn(tx: Tx, id: string): Promise<StaffUser | null> {
    return tx.staffUser.findUnique({ where: { id } });
  }

  findByEmailIn(tx: Tx, email: string): Promise<StaffUser | null> {
    return tx.staffUser.findUnique({ where: { email } });
  }

  create(tx: Tx, data: Prisma.StaffUserUncheckedCreateInput): Promise<StaffUser> {
    return tx.staffUser.create({ data });
  }

  update(tx: Tx, id: string, data: Prisma.StaffUserUncheckedUpdateInput): Promise<StaffUser> {
    return tx.staffUser.update({ where: { id }, data });
  }

  /** Ends every open session of the staff member at `at`. */
  async revokeSessions(tx: Tx, staffId: string, at: Date): Promise<void> {
    await tx.staffSession.updateMany({ where: { staffId, revokedAt: null }, data: { revokedAt: at } });
  }

  async recordFailedSignIn(tx: Tx, id: string, failedLogins: number, lockedUntil: Date | null): Promise<void> {
    await tx.staffUser.update({ where: { id }, data: { failedLogins, lockedUntil } });
  }

  async recordSignIn(tx: Tx, id: string, at: Date): Promise<void> {
    await tx.staffUser.update({ where: { id }, data: { failedLogins: 0, lockedUntil: null, lastLoginAt: at } });
  }
}
