import { Inject, Injectable } from '@nestjs/common';
import { Clock, currentTestClockFrame } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import type { ClockedResource } from '../test-clocks/test-clock.repository';
import { ClaimedDueEvent, DueEventRepository } from './due-event.repository';

/**
 * What one kind of due event does. `fire` runs in the transaction that marks the event fired: it makes the change
 * and writes its webhooks there, so they commit together, once. It is called only when the event is due (`now`,
 * the subject's own time: its test clock's, or real time), but must check the subject still warrants it (a payment
 * paid meanwhile, a policy cancelled): then it does nothing, and the event still counts as fired.
 */
export interface DueEventHandler {
  kind: string;
  /**
   * Optional: work done before the transaction, whose answer `fire` receives (a call to an insurer, which must not
   * hold the event's row lock and a database connection while it waits). It may run again on a retry, so it must
   * not change anything itself; a throw is a failed try.
   */
  prepare?(event: ClaimedDueEvent, now: Date): Promise<unknown>;
  fire(tx: Prisma.TransactionClient, event: ClaimedDueEvent, now: Date, prepared?: unknown): Promise<void>;
  /**
   * Optional, for a kind that can come by the thousand on one day (expiries): `fire` for several events of the kind
   * in one transaction, with set-wise statements. Only for a kind without `prepare`.
   */
  fireMany?(tx: Prisma.TransactionClient, events: ClaimedDueEvent[], now: Date): Promise<void>;
}

/**
 * The due-event scheduler as the rest of the service sees it: the module that owns a kind registers its handler at
 * start-up, and the code that writes the row making something due writes its event in the same transaction.
 *
 * Why events are written rather than derived by a sweep over each table: a written event is one indexed row per
 * thing due, claimed the same way whatever it is about, so firing exactly once (a row marked fired with the change)
 * and firing a test clock's events in time order across kinds need no per-table "already announced" flag; the cost
 * is that whoever changes a due date must move its event (`schedule` again), and the existing rows were backfilled
 * by the migration.
 */
@Injectable()
export class DueEvents {
  private readonly handlers = new Map<string, DueEventHandler>();

  constructor(
    private readonly repo: DueEventRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  register(handler: DueEventHandler): void {
    if (this.handlers.has(handler.kind)) throw new Error(`Due event kind ${handler.kind} registered twice`);
    this.handlers.set(handler.kind, handler);
  }

  handlerOf(kind: string): DueEventHandler | undefined {
    return this.handlers.get(kind);
  }

  /** When the event of `kind` about `subject` is (or was) due, read in `tx`; null when there is none. */
  dueAt(tx: Prisma.TransactionClient, kind: string, subject: string): Promise<Date | null> {
    return this.repo.dueAt(tx, kind, subject);
  }

  /**
   * Writes the event of `kind` about `subject` due at `dueAt`, in `tx`. In the sandbox it fires on the test clock the
   * work runs on (the frame's: the resource is being created or activated on it) or, failing that, the clock
   * `resource` is attached to; otherwise on real time.
   */
  async schedule(tx: Prisma.TransactionClient, e: { kind: string; subject: string; dueAt: Date; resource: ClockedResource }): Promise<void> {
    const sandbox = this.config.env === 'sandbox';
    await this.repo.schedule(tx, {
      kind: e.kind,
      subject: e.subject,
      dueAt: e.dueAt,
      clockId: sandbox ? (currentTestClockFrame()?.clockId ?? null) : null,
      resource: sandbox ? e.resource : null,
      at: this.clock.now(),
    });
  }
}
