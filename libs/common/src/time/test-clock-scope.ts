import { AsyncLocalStorage } from 'node:async_hooks';
import { Clock } from './clock';

/**
 * The test clock a piece of work runs on (sandbox only). One mutable record per request or job: it starts
 * empty and is filled once, from the `Sandbox-Test-Clock` header or from the first clocked resource the work
 * touches, so everything after reads the clock's frozen time.
 */
export interface TestClockFrame {
  clockId: string | null;
  frozenTime: Date | null;
}

const frames = new AsyncLocalStorage<TestClockFrame>();

/** Runs `fn` (and everything it starts) in a fresh frame, on real time until something puts a clock in it. */
export function withTestClockFrame<T>(fn: () => T, frame: TestClockFrame = { clockId: null, frozenTime: null }): T {
  return frames.run(frame, fn);
}

/** The frame of the current work, if it runs in one. */
export function currentTestClockFrame(): TestClockFrame | undefined {
  return frames.getStore();
}

/** `now()` is the current frame's clock when there is one, the underlying clock otherwise. */
export class TestClockAwareClock extends Clock {
  constructor(private readonly base: Clock) {
    super();
  }

  now(): Date {
    const frozen = frames.getStore()?.frozenTime;
    return frozen ? new Date(frozen.getTime()) : this.base.now();
  }
}

/**
 * Real time even inside a test clock's frame: for what meets the outside world or schedules work (webhook
 * deliveries and their signatures, refund payouts, signed file URLs), which a frozen clock must not delay.
 */
export abstract class RealClock extends Clock {}
