import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { AuditLogEntry } from '@lib/db/generated/prisma/client';

export interface AuditLogFilter {
  ids?: bigint[];
  staffId?: string;
  resource?: string;
  resourceId?: string;
  action?: string;
  /** Part of the staff email, the action or the resource id. */
  q?: string;
  /** Leave out sign-ins, sign-outs and failed sign-ins (`auth.*`), most of the log and none of them a change. */
  withoutSignIns?: boolean;
}

/** The actions of signing in and out: `auth.login`, `auth.logout`, `auth.login_failed`, `auth.locked`. */
export const SIGN_IN_ACTION_PREFIX = 'auth.';

/** The audit log: written only through AuditTrail, in the transaction of each change; read by the console. */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly prisma: PrismaService) {}

  page(f: AuditLogFilter, orderBy: Prisma.AuditLogEntryOrderByWithRelationInput[], skip: number, take: number): Promise<[AuditLogEntry[], number]> {
    const where: Prisma.AuditLogEntryWhereInput = {
      ...(f.ids ? { id: { in: f.ids } } : {}),
      ...(f.staffId ? { staffId: f.staffId } : {}),
      ...(f.resource ? { resource: f.resource } : {}),
      ...(f.resourceId ? { resourceId: f.resourceId } : {}),
      ...(f.action ? { action: f.action } : {}),
      ...(f.withoutSignIns ? { NOT: { action: { startsWith: SIGN_IN_ACTION_PREFIX } } } : {}),
      ...(f.q
        ? {
            OR: [
              { staffEmail: { contains: f.q, mode: 'insensitive' as const } },
              { action: { contains: f.q, mode: 'insensitive' as const } },
              { resourceId: { contains: f.q, mode: 'insensitive' as const } },
            ],
          }
        : {}),
    };
    return Promise.all([this.prisma.auditLogEntry.findMany({ where, orderBy, skip, take }), this.prisma.auditLogEntry.count({ where })]);
  }

  find(id: bigint): Promise<AuditLogEntry | null> {
    return this.prisma.auditLogEntry.findUnique({ where: { id } });
  }

  /** Runs `work` in one transaction: the change and the audit rows it writes commit together or not at all. */
  inTransaction<T>(work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  async append(tx: Prisma.TransactionClient, data: Prisma.AuditLogEntryUncheckedCreateInput): Promise<void> {
    await tx.auditLogEntry.create({ data });
  }
}
