import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { WebhookDelivery, WebhookDeliveryAttempt } from '@lib/db/generated/prisma/client';

export interface Claimed {
  delivery: WebhookDelivery;
  attemptId: string;
  claimToken: string;
}

export interface AttemptOutcome {
  outcome: 'delivered' | 'failed';
  statusCode: number | null;
  durationMs: number;
  snippet: string | null;
  error: string | null;
  finishedAt: Date;
  /** The delivery afterwards: delivered, pending again at `nextAttemptAt`, or failed for good. */
  next: { status: 'delivered' | 'pending' | 'failed'; nextAttemptAt?: Date };
}

/** The outbox rows from the worker's side: claim under a lease, then record the attempt and its outcome. */
@Injectable()
export class WebhookDeliveryRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A console page of deliveries and the total. */
  adminPage(
    f: { ids?: string[]; endpointId?: string; clientId?: string; status?: string; eventType?: string; policyId?: number },
    orderBy: Prisma.WebhookDeliveryOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<[WebhookDelivery[], number]> {
    const where: Prisma.WebhookDeliveryWhereInput = {
      ...(f.ids ? { id: { in: f.ids } } : {}),
      ...(f.endpointId ? { endpointId: f.endpointId } : {}),
      ...(f.clientId ? { clientId: f.clientId } : {}),
      ...(f.status ? { status: f.status } : {}),
      ...(f.eventType ? { eventType: f.eventType } : {}),
      ...(f.policyId !== undefined ? { policyId: f.policyId } : {}),
    };
    return Promise.all([this.prisma.webhookDelivery.findMany({ where, orderBy, skip, take }), this.prisma.webhookDelivery.count({ where })]);
  }

  /**
   * Takes up to `limit` due rows for this worker until `leaseUntil`. FOR UPDATE SKIP LOCKED lets several
   * workers (on several instances) claim at once without waiting on or taking each other's rows; the lease
   * keeps a claimed row from being claimed again until it lapses, which is how a crashed worker's rows come
   * back. Each claim counts as an attempt and writes it as `in_flight`; an earlier `in_flight` attempt of
   * the same row can only belong to a worker whose lease lapsed, so it becomes `interrupted`.
   */
  async claim(worker: string, now: Date, leaseUntil: Date, limit: number): Promise<Claimed[]> {
    const claimToken = randomUUID();
    return this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<Array<{ id: string }>>`
        UPDATE "webhook_deliveries" SET "locked_until" = ${leaseUntil}, "claim_token" = ${claimToken}::uuid, "attempts" = "attempts" + 1, "updated_at" = ${now}
        WHERE "id" IN (
          SELECT "id" FROM "webhook_deliveries"
          WHERE "status" = 'pending' AND "next_attempt_at" <= ${now} AND ("locked_until" IS NULL OR "locked_until" <= ${now})
          ORDER BY "next_attempt_at", "seq"
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING "id"`;
      if (!rows.length) return [];
      const ids = rows.map((r) => r.id);
      await tx.webhookDeliveryAttempt.updateMany({
        where: { deliveryId: { in: ids }, outcome: 'in_flight' },
        data: { outcome: 'interrupted', error: 'The worker stopped before the attempt finished; retried after its lease lapsed.', finishedAt: now },
      });
      const deliveries = await tx.webhookDelivery.findMany({ where: { id: { in: ids } }, orderBy: [{ nextAttemptAt: 'asc' }, { seq: 'asc' }] });
      const claimed: Claimed[] = [];
      for (const delivery of deliveries) {
        const attemptId = randomUUID();
        await tx.webhookDeliveryAttempt.create({
          data: { id: attemptId, deliveryId: delivery.id, number: delivery.attempts, worker, outcome: 'in_flight', startedAt: now },
        });
        claimed.push({ delivery, attemptId, claimToken });
      }
      return claimed;
    });
  }

  /**
   * Records the attempt and moves the delivery on, but only while this claim still holds it: if the lease
   * lapsed and another worker took the row, that worker's outcome decides and this one only leaves its attempt.
   */
  async complete(c: Claimed, r: AttemptOutcome): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      await tx.webhookDeliveryAttempt.update({
        where: { id: c.attemptId },
        data: {
          outcome: r.outcome,
          statusCode: r.statusCode,
          durationMs: r.durationMs,
          responseSnippet: r.snippet?.slice(0, 1024) ?? null,
          error: r.error?.slice(0, 500) ?? null,
          finishedAt: r.finishedAt,
        },
      });
      const moved = await tx.webhookDelivery.updateMany({
        where: { id: c.delivery.id, claimToken: c.claimToken },
        data: {
          status: r.next.status,
          ...(r.next.nextAttemptAt ? { nextAttemptAt: r.next.nextAttemptAt } : {}),
          lockedUntil: null,
          claimToken: null,
          lastStatusCode: r.statusCode,
          lastError: r.error?.slice(0, 500) ?? null,
          deliveredAt: r.next.status === 'delivered' ? r.finishedAt : null,
          updatedAt: r.finishedAt,
        },
      });
      return moved.count === 1;
    });
  }

  /** A resend: the same delivery (same webhook-id, so receivers can deduplicate) is due again now. */
  resend(tx: Prisma.TransactionClient, id: string, now: Date) {
    return tx.webhookDelivery.update({ where: { id }, data: { status: 'pending', nextAttemptAt: now, lockedUntil: null, claimToken: null, updatedAt: now } });
  }

  /** The delivery under a row lock (a resend waits for, or refuses, an attempt in flight); a client sees only its own. */
  async lockForResend(tx: Prisma.TransactionClient, id: string, clientId: string | null): Promise<WebhookDelivery | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = await tx.$queryRaw<Array<{ id: string }>>`SELECT "id" FROM "webhook_deliveries" WHERE "id" = ${id}::uuid FOR UPDATE`;
    const d = row ? await tx.webhookDelivery.findUnique({ where: { id: row.id } }) : null;
    return d && (clientId === null || d.clientId === clientId) ? d : null;
  }

  /** A client's deliveries, newest first, with how many attempts each made (two queries whatever the page). */
  async pageForClient(clientId: string, f: { endpointId?: string; status?: string }, skip: number, take: number): Promise<[WebhookDelivery[], number]> {
    const where: Prisma.WebhookDeliveryWhereInput = {
      clientId,
      ...(f.endpointId ? { endpointId: f.endpointId } : {}),
      ...(f.status ? { status: f.status } : {}),
    };
    return Promise.all([
      this.prisma.webhookDelivery.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
      this.prisma.webhookDelivery.count({ where }),
    ]);
  }

  /** One delivery with every attempt, oldest first; another client's is null. */
  async findWithAttempts(id: string, clientId: string | null): Promise<{ delivery: WebhookDelivery; attempts: WebhookDeliveryAttempt[] } | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const delivery = await this.prisma.webhookDelivery.findUnique({ where: { id } });
    if (!delivery || (clientId !== null && delivery.clientId !== clientId)) return null;
    const attempts = await this.prisma.webhookDeliveryAttempt.findMany({ where: { deliveryId: id }, orderBy: { number: 'asc' } });
    return { delivery, attempts };
  }

  /** Deliveries waiting to be sent, written in the transaction of the change they announce (one statement). */
  async enqueueMany(tx: Prisma.TransactionClient, data: Prisma.WebhookDeliveryCreateManyInput[]): Promise<void> {
    if (data.length) await tx.webhookDelivery.createMany({ data });
  }
}
