import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, RealClock, withTestClockFrame } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { PeriodicSweep } from '../periodic-sweep';
import { ClaimedDueEvent, DueEventRepository, DueScope } from './due-event.repository';
import { DueEventHandler, DueEvents } from './due-events';

/** How long a claim holds its events: far longer than firing a batch takes, short enough that a dead worker's rows come back soon. */
export const DUE_EVENT_LEASE_MS = 60_000;
/** Events per claim: a run of one kind whose handler fires many at once (expiries) fires in one transaction. */
const BATCH = 100;
/**
 * A claim's events still unfired this long after it was taken go back for the next claim (slow ones fired one by one,
 * such as renewals priced by an insurer first), well before the lease would lapse and keep them waiting.
 */
const CLAIM_WORK_MS = DUE_EVENT_LEASE_MS / 2;
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

  /**
   * The real-time events due now: claim after claim while full ones come back (a backlog drains in one pass), until
   * shutdown, paced to DUE_EVENTS_MAX_PER_SECOND: after each claim it waits until the events so far are not ahead of
   * that rate, which leaves the rest of the machine to the partner API.
   */
  protected async run(): Promise<number> {
    const started = performance.now();
    const msPerEvent = 1000 / this.config.dueEventsMaxPerSecond;
    let claimed = 0;
    while (!this.stopping) {
      const n = await this.drainOnce({ clock: null, dueBy: this.realClock.now() }, () => this.clock.now());
      claimed += n;
      if (n < BATCH) break;
      const ahead = started + claimed * msPerEvent - performance.now();
      if (ahead > 0) await sleep(ahead);
    }
    return claimed;
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

  /**
   * One claim and its events in time order: each run of one kind whose handler fires many at once in one transaction,
   * the others one by one. Answers how many were claimed.
   */
  private async drainOnce(scope: DueScope, now: () => Date): Promise<number> {
    const real = this.realClock.now();
    const claimed = await this.repo.claim(scope, real, new Date(real.getTime() + DUE_EVENT_LEASE_MS), BATCH);
    const workUntil = real.getTime() + CLAIM_WORK_MS;
    const runs = runsOfOneKind(claimed);
    for (let i = 0; i < runs.length; i++) {
      const handler = this.events.handlerOf(runs[i][0].kind);
      const fireMany = handler?.fireMany?.bind(handler);
      if (fireMany && runs[i].length > 1) {
        await this.fireTogether(fireMany, runs[i], now());
        continue;
      }
      for (let j = 0; j < runs[i].length; j++) {
        if (this.realClock.now().getTime() > workUntil) {
          await this.repo.release([...runs[i].slice(j), ...runs.slice(i + 1).flat()]);
          return claimed.length;
        }
        await this.fire(runs[i][j], now());
      }
    }
    return claimed.length;
  }

  /**
   * Fires several claimed events of one kind in one transaction. When it fails, nothing of it is kept and each is
   * fired on its own, so the failure is recorded on the event it belongs to and the others still fire.
   */
  private async fireTogether(fireMany: NonNullable<DueEventHandler['fireMany']>, events: ClaimedDueEvent[], now: Date): Promise<void> {
    try {
      await this.repo.transaction(async (tx) => {
        const held = await this.repo.markFiredMany(tx, events, this.realClock.now());
        if (held.length) await fireMany(tx, held, now);
      });
    } catch {
      for (const e of events) await this.fire(e, now);
    }
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

/** The claim's events cut where the kind changes, in their order. */
function runsOfOneKind(events: ClaimedDueEvent[]): ClaimedDueEvent[][] {
  const runs: ClaimedDueEvent[][] = [];
  for (const e of events) {
    const last = runs[runs.length - 1];
    if (last && last[0].kind === e.kind) last.push(e);
    else runs.push([e]);
  }
  return runs;
}
