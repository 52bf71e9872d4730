import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { DueEvent } from '@lib/db/generated/prisma/client';
import type { ClockedResource } from '../test-clocks/test-clock.repository';

export type { DueEvent };

/** What fires an event: its id, what it is about, and the claim that lets this worker fire it. */
export interface ClaimedDueEvent {
  id: string;
  kind: string;
  subject: string;
  dueAt: Date;
  attempts: number;
  clockId: string | null;
  claimToken: string;
}

export const DUE_EVENT_STATES = ['pending', 'fired', 'failed'] as const;
export type DueEventState = (typeof DUE_EVENT_STATES)[number];

/** The console's filters on the events list. */
export interface DueEventFilter {
  ids?: string[];
  state?: DueEventState;
  kind?: string;
}

/** Which due rows a claim takes: real-time ones due by `now`, or one test clock's due by its time. */
export type DueScope = { clock: null; dueBy: Date } | { clock: string; dueBy: Date };

/** Every query on `due_events`. */
@Injectable()
export class DueEventRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Writes (or moves, while it has not fired) the event of `kind` for `subject`, in the caller's transaction, so
   * it exists exactly when the row that makes it due does. One event per kind and subject: writing it again is harmless.
   * Its clock: `clockId`, else (sandbox) the clock `resource` is attached to, read in the same transaction.
   */
  async schedule(
    tx: Prisma.TransactionClient,
    e: { kind: string; subject: string; dueAt: Date; clockId: string | null; resource: ClockedResource | null; at: Date },
  ): Promise<void> {
    const clock = e.clockId
      ? Prisma.sql`${e.clockId}::uuid`
      : e.resource
        ? Prisma.sql`(SELECT "clock_id" FROM "test_clock_attachments" WHERE "resource_type" = ${e.resource.type} AND "resource_key" = ${e.resource.key})`
        : Prisma.sql`NULL::uuid`;
    await tx.$executeRaw`
      INSERT INTO "due_events" ("id", "kind", "subject", "due_at", "state", "attempts", "clock_id", "created_at", "updated_at")
      VALUES (${randomUUID()}::uuid, ${e.kind}, ${e.subject}, ${e.dueAt}, 'pending', 0, ${clock}, ${e.at}, ${e.at})
      ON CONFLICT ("kind", "subject") DO UPDATE SET "due_at" = EXCLUDED."due_at", "updated_at" = EXCLUDED."updated_at"
      WHERE "due_events"."state" = 'pending'`;
  }

  async dueAt(tx: Prisma.TransactionClient, kind: string, subject: string): Promise<Date | null> {
    const row = await tx.dueEvent.findUnique({ where: { kind_subject: { kind, subject } }, select: { dueAt: true } });
    return row?.dueAt ?? null;
  }

  /**
   * Takes up to `limit` due, unleased events until `leaseUntil`, earliest first. FOR UPDATE SKIP LOCKED lets several
   * workers (on several instances) claim at once without taking each other's rows; the lease keeps a claimed row
   * from being claimed again until it lapses, which is how the rows of a worker that died come back. Every claim
   * gets a new token: a worker whose lease lapsed can no longer fire what it held.
   */
  async claim(scope: DueScope, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDueEvent[]> {
    const token = randomUUID();
    const clockFilter = scope.clock === null ? Prisma.sql`"clock_id" IS NULL` : Prisma.sql`"clock_id" = ${scope.clock}::uuid`;
    const rows = await this.prisma.$queryRaw<Array<{ id: string; kind: string; subject: string; due_at: Date; attempts: number; clock_id: string | null }>>`
      UPDATE "due_events" SET "lease_until" = ${leaseUntil}, "claim_token" = ${token}::uuid, "attempts" = "attempts" + 1, "updated_at" = ${now}
      WHERE "id" IN (
        SELECT "id" FROM "due_events"
        WHERE "state" = 'pending' AND ${clockFilter} AND "due_at" <= ${scope.dueBy} AND ("lease_until" IS NULL OR "lease_until" <= ${now})
        ORDER BY "due_at", "id"
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING "id", "kind", "subject", "due_at", "attempts", "clock_id"`;
    return rows
      .map((r) => ({ id: r.id, kind: r.kind, subject: r.subject, dueAt: r.due_at, attempts: r.attempts, clockId: r.clock_id, claimToken: token }))
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || (a.id < b.id ? -1 : 1));
  }

  /**
   * Marks the event fired inside the transaction that carries out its effects, and only while this claim still
   * holds it: the row stays locked until that transaction ends, so the effects, their webhooks and the mark commit
   * (or roll back) together, and a claim that lost its lease fires nothing.
   */
  async markFired(tx: Prisma.TransactionClient, e: ClaimedDueEvent, at: Date): Promise<boolean> {
    const n = await tx.$executeRaw`
      UPDATE "due_events" SET "state" = 'fired', "fired_at" = ${at}, "lease_until" = NULL, "last_error" = NULL, "updated_at" = ${at}
      WHERE "id" = ${e.id}::uuid AND "claim_token" = ${e.claimToken}::uuid AND "state" = 'pending'`;
    return n === 1;
  }

  /** `markFired` for several events of one claim in one statement; answers those this claim still held (now fired). */
  async markFiredMany(tx: Prisma.TransactionClient, events: ClaimedDueEvent[], at: Date): Promise<ClaimedDueEvent[]> {
    if (!events.length) return [];
    const rows = await tx.$queryRaw<Array<{ id: string }>>`
      UPDATE "due_events" SET "state" = 'fired', "fired_at" = ${at}, "lease_until" = NULL, "last_error" = NULL, "updated_at" = ${at}
      WHERE "id" = ANY(${events.map((e) => e.id)}::uuid[]) AND "claim_token" = ${events[0].claimToken}::uuid AND "state" = 'pending'
      RETURNING "id"`;
    const held = new Set(rows.map((r) => r.id));
    return events.filter((e) => held.has(e.id));
  }

  /** Gives back events of a claim not tried: claimable at once again, the try the claim counted taken back. */
  async release(events: ClaimedDueEvent[]): Promise<void> {
    if (!events.length) return;
    await this.prisma.$executeRaw`
      UPDATE "due_events" SET "lease_until" = NULL, "claim_token" = NULL, "attempts" = "attempts" - 1
      WHERE "id" = ANY(${events.map((e) => e.id)}::uuid[]) AND "claim_token" = ${events[0].claimToken}::uuid AND "state" = 'pending'`;
  }

  /** A failed try: tried again after `retryAt` (the lease doubles as the not-before), or `failed` for good. */
  async markFailed(e: ClaimedDueEvent, error: string, retryAt: Date | null, at: Date): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE "due_events" SET "state" = ${retryAt ? 'pending' : 'failed'}, "lease_until" = ${retryAt}, "last_error" = ${error.slice(0, 500)}, "updated_at" = ${at}
      WHERE "id" = ${e.id}::uuid AND "claim_token" = ${e.claimToken}::uuid AND "state" = 'pending'`;
  }

  /** A page of events for the console, and the total. */
  adminPage(f: DueEventFilter, orderBy: Prisma.DueEventOrderByWithRelationInput[], skip: number, take: number): Promise<[DueEvent[], number]> {
    const where: Prisma.DueEventWhereInput = {
      ...(f.ids ? { id: { in: f.ids } } : {}),
      ...(f.state ? { state: f.state } : {}),
      ...(f.kind ? { kind: f.kind } : {}),
    };
    return this.prisma.$transaction([this.prisma.dueEvent.findMany({ where, orderBy, skip, take }), this.prisma.dueEvent.count({ where })]);
  }

  /** Events given up after their last try, waiting for someone to run them again. */
  countFailed(): Promise<number> {
    return this.prisma.dueEvent.count({ where: { state: 'failed' } });
  }

  findById(id: string): Promise<DueEvent | null> {
    return this.prisma.dueEvent.findUnique({ where: { id } });
  }

  /** The event, locked until `tx` ends (a worker's markFailed or markFired waits for it). */
  async lock(tx: Prisma.TransactionClient, id: string): Promise<DueEvent | null> {
    const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT "id" FROM "due_events" WHERE "id" = ${id}::uuid FOR UPDATE`;
    return rows.length ? tx.dueEvent.findUnique({ where: { id } }) : null;
  }

  /**
   * A `failed` event made due again: pending with a fresh count of tries, its lease and claim cleared (a stale worker
   * can no longer mark it), due by `at` (a due time already past is kept: what it does stays dated as before).
   * `last_error` stays until it fires. Null when it is not failed (any more).
   */
  async rerun(tx: Prisma.TransactionClient, id: string, at: Date): Promise<DueEvent | null> {
    const n = await tx.$executeRaw`
      UPDATE "due_events" SET "state" = 'pending', "attempts" = 0, "lease_until" = NULL, "claim_token" = NULL,
        "due_at" = LEAST("due_at", ${at}), "updated_at" = ${at}
      WHERE "id" = ${id}::uuid AND "state" = 'failed'`;
    return n === 1 ? tx.dueEvent.findUnique({ where: { id } }) : null;
  }

  transaction<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn, { timeout: 30_000 });
  }
}
