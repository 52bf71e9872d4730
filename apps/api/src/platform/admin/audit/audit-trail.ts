import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import type { Prisma } from '@lib/db';
import { AuditLogRepository } from './audit-log.repository';

export type Tx = Prisma.TransactionClient;

/** Who did it: a staff member in the console, the operator CLI, or a partner user in the portal. */
export interface AuditActor {
  staffId: string | null;
  /** Set (with staffId null) when a partner user acted in the portal. */
  partnerUserId?: string;
  email: string;
  role: string;
  requestId?: string;
}

export interface AuditChange {
  action: string;
  resource: string;
  resourceId?: string | null;
  /** Summaries of the record before and after; never secrets or hashes. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Runs a state change and writes its audit record in the same transaction: the change and its record
 * commit together or not at all, and a change that throws leaves no record.
 */
@Injectable()
export class AuditTrail {
  constructor(
    private readonly log: AuditLogRepository,
    private readonly clock: Clock,
  ) {}

  async run<T>(actor: AuditActor, work: (tx: Tx) => Promise<{ result: T; audit: AuditChange }>): Promise<T> {
    return this.log.inTransaction(async (tx) => {
      const { result, audit } = await work(tx);
      await this.write(tx, actor, audit);
      return result;
    });
  }

  /** As run, for work that changes several records: one audit row each, in the same transaction. */
  async runAll<T>(actor: AuditActor, work: (tx: Tx) => Promise<{ result: T; audit: AuditChange[] }>): Promise<T> {
    return this.log.inTransaction(async (tx) => {
      const { result, audit } = await work(tx);
      for (const change of audit) await this.write(tx, actor, change);
      return result;
    });
  }

  async write(tx: Tx, actor: AuditActor, change: AuditChange): Promise<void> {
    await this.log.append(tx, {
      staffId: actor.staffId,
      partnerUserId: actor.partnerUserId ?? null,
      staffEmail: actor.email,
      role: actor.role,
      action: change.action,
      resource: change.resource,
      resourceId: change.resourceId ?? null,
      before: (change.before ?? undefined) as Prisma.InputJsonValue | undefined,
      after: (change.after ?? undefined) as Prisma.InputJsonValue | undefined,
      requestId: actor.requestId ?? null,
      createdAt: this.clock.now(),
    });
  }
}
