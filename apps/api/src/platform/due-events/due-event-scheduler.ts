import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, RealClock, withTestClockFrame } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { PeriodicSweep } from '../periodic-sweep';
import { ClaimedDueEvent, DueEventRepository, DueScope } from './due-event.repository';
import { DueEvents } from './due-events';

/** How long a claim holds its events: far longer than firing a batch takes, short enough that a dead worker's rows come back soon. */
export const DUE_EVENT_LEASE_MS = 60_000;
const BATCH = 20;
/** At most this many batches per timed pass, so a backlog never holds one pass for long (the next tick goes on). */
const BATCHES_PER_PASS = 25;
/** Tries of one event: retried after 30 s, doubling, at most an hour apart (about 5 hours in all), then left `failed`. */
export const DUE_EVENT_MAX_ATTEMPTS = 10;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3_600_000;

export function dueEventRetryDelayMs(attempt: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), RETRY_MAX_MS);
}

/**
 * Fires due events. Every instance runs it every DUE_EVENTS_POLL_MS over the real-time events; advancing a test
 * clock fires that clock's events before the advance answers. Claims are leased rows taken with SKIP LOCKED (see
 * DueEventRepository), and each event is marked fired in the transaction that makes its change, so several instances
 * fire each event once and a worker that dies mid-batch leaves its events to the next claim once the lease lapses.
 * Leases and retries run on real time; an event's own `now` is its subject's time.
 */
@Injectable()
export class DueEventScheduler extends PeriodicSweep {
  private readonly log = new Logger('DueEvents');

  constructor(
    private readonly repo: DueEventRepository,
    private readonly events: DueEvents,
    private readonly clock: Clock,
    private readonly realClock: RealClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  protected get intervalMs(): number {
    return this.config.dueEventsPollMs;
  }

  /** The real-time events due now. */
  protected async run(): Promise<number> {
    let fired = 0;
    for (let i = 0; i < BATCHES_PER_PASS; i++) {
      const n = await this.drainOnce({ clock: null, dueBy: this.realClock.now() }, () => this.clock.now());
      if (!n) break;
      fired += n;
    }
    return fired;
  }

  /**
   * Fires every event of test clock `clockId` due by `frozenTime`, earliest first, each in a frame on that clock so
   * its change is stamped with the clock's time. Answers when none is left (events another worker holds or that
   * failed and wait for their retry are left to them).
   */
  async drainClock(clockId: string, frozenTime: Date): Promise<number> {
    let fired = 0;
    for (;;) {
      const n = await withTestClockFrame(() => this.drainOnce({ clock: clockId, dueBy: frozenTime }, () => this.clock.now()), { clockId, frozenTime });
      if (!n) return fired;
      fired += n;
    }
  }

  /** One claim and its events, fired one after the other in time order; answers how many were claimed. */
  private async drainOnce(scope: DueScope, now: () => Date): Promise<number> {
    const real = this.realClock.now();
    const claimed = await this.repo.claim(scope, real, new Date(real.getTime() + DUE_EVENT_LEASE_MS), BATCH);
    for (const e of claimed) await this.fire(e, now());
    return claimed.length;
  }

  /** Fires one claimed event; a failure is recorded on the event and tried again later (never thrown). */
  async fire(e: ClaimedDueEvent, now: Date): Promise<boolean> {
    try {
      const handler = this.events.handlerOf(e.kind);
      if (!handler) throw new Error(`No handler for due events of kind ${e.kind}.`);
      const prepared = handler.prepare ? await handler.prepare(e, now) : undefined;
      return await this.repo.transaction(async (tx) => {
        if (!(await this.repo.markFired(tx, e, this.realClock.now()))) return false;
        await handler.fire(tx, e, now, prepared);
        return true;
      });
    } catch (err) {
      const at = this.realClock.now();
      const retryAt = e.attempts >= DUE_EVENT_MAX_ATTEMPTS ? null : new Date(at.getTime() + dueEventRetryDelayMs(e.attempts));
      this.log.warn(`due event ${e.id} (${e.kind}) failed on try ${e.attempts}${retryAt ? ', tried again later' : ', given up'}: ${(err as Error).message}`);
      await this.repo.markFailed(e, (err as Error).message, retryAt, at).catch(() => undefined);
      return false;
    }
  }
}
