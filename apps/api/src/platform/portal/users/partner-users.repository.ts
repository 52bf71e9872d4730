import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { PartnerUser } from '@lib/db/generated/prisma/client';
import type { Tx } from '../../admin/audit/audit-trail';

export type { PartnerUser };

export interface PartnerUserFilter {
  clientId?: string;
  ids?: string[];
  role?: string;
  active?: boolean;
  /** Part of the email. */
  q?: string;
}

/** Every query on partner users. Writes take the audit transaction they are part of. */
@Injectable()
export class PartnerUsersRepository {
  constructor(private readonly prisma: PrismaService) {}

  page(f: PartnerUserFilter, orderBy: Prisma.PartnerUserOrderByWithRelationInput[], skip: number, take: number): Promise<[PartnerUser[], number]> {
    const where: Prisma.PartnerUserWhereInput = {
      ...(f.clientId ? { clientId: f.clientId } : {}),
      ...(f.ids ? { id: { in: f.ids } } : {}),
      ...(f.role ? { role: f.role } : {}),
      ...(f.active !== undefined ? { active: f.active } : {}),
      ...(f.q ? { email: { contains: f.q, mode: 'insensitive' as const } } : {}),
    };
    return Promise.all([this.prisma.partnerUser.findMany({ where, orderBy, skip, take }), this.prisma.partnerUser.count({ where })]);
  }

  find(id: string): Promise<PartnerUser | null> {
    return this.prisma.partnerUser.findUnique({ where: { id } });
  }

  findByEmail(email: string): Promise<PartnerUser | null> {
    return this.prisma.partnerUser.findUnique({ where: { email } });
  }

  /** The user, locked for the rest of the transaction so two changes to one user run one after the other. */
  async lock(tx: Tx, id: string): Promise<PartnerUser | null> {
    const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM partner_users WHERE id = ${id}::uuid FOR UPDATE`;
    return rows.length ? tx.partnerUser.findUnique({ where: { id } }) : null;
  }

  findByEmailIn(tx: Tx, email: string): Promise<PartnerUser | null> {
    return tx.partnerUser.findUnique({ where: { email } });
  }

  create(tx: Tx, data: { id: string; clientId: string; email: string; role: string }, at: Date): Promise<PartnerUser> {
    return tx.partnerUser.create({ data: { ...data, createdAt: at, updatedAt: at } });
  }

  /**
   * Invited again (after removal, or before the first password): the role given now, active again, and no password
   * until the new link is used (a removed person's old password never lets them back in).
   */
  reinvite(tx: Tx, id: string, role: string, at: Date): Promise<PartnerUser> {
    return tx.partnerUser.update({ where: { id }, data: { role, active: true, passwordHash: null, failedLogins: 0, lockedUntil: null, updatedAt: at } });
  }

  deactivate(tx: Tx, id: string, at: Date): Promise<PartnerUser> {
    return tx.partnerUser.update({ where: { id }, data: { active: false, updatedAt: at } });
  }

  setPassword(tx: Tx, id: string, passwordHash: string, at: Date): Promise<PartnerUser> {
    return tx.partnerUser.update({ where: { id }, data: { passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: at } });
  }

  recordFailedLogin(tx: Tx, id: string, failedLogins: number, lockedUntil: Date | null): Promise<PartnerUser> {
    return tx.partnerUser.update({ where: { id }, data: { failedLogins, lockedUntil } });
  }

  recordLogin(tx: Tx, id: string, at: Date): Promise<PartnerUser> {
    return tx.partnerUser.update({ where: { id }, data: { failedLogins: 0, lockedUntil: null, lastLoginAt: at } });
  }
}
