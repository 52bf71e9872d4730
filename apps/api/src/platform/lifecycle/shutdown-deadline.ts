import { setMaxListeners } from 'node:events';
import { Injectable } from '@nestjs/common';

/**
 * When a stopping instance's grace period (SHUTDOWN_GRACE_MS) is over. Work that waits on others while serving a
 * request (a synchronous quote's insurers) listens to `signal` and, when it fires, stops waiting and answers with what
 * it has, so the caller still gets an answer before the connections left are cut (`CUT_AFTER_DEADLINE_MS` later).
 */
@Injectable()
export class ShutdownDeadline {
  private readonly controller = new AbortController();

  constructor() {
    // every synchronous quote in flight follows it: as many at once as requests are served
    setMaxListeners(0, this.controller.signal);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The grace period is over (bootstrap's graceful close calls this). */
  reached(): void {
    this.controller.abort(new Error('the instance is shutting down: its grace period is over'));
  }
}

/** How long after the deadline the requests it stopped have to write and send their answers before connections are cut. */
export const CUT_AFTER_DEADLINE_MS = 2_000;
