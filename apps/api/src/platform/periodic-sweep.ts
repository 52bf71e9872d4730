import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

/**
 * A sweep run every `intervalMs` (0: only when asked), never twice at once in one process: asking while
 * one runs joins it. A failed timed sweep is logged and tried again at the next tick. Shutdown stops the
 * timer and waits for the sweep in progress.
 */
export abstract class PeriodicSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  /** Set once shutdown begins: a pass that loops over a backlog stops at its next step. */
  protected stopping = false;

  protected abstract get intervalMs(): number;

  /** One pass; answers how many items it looked at. */
  protected abstract run(): Promise<number>;

  onApplicationBootstrap(): void {
    if (this.intervalMs > 0) {
      this.timer = setInterval(() => this.sweepQuietly(), this.intervalMs);
      this.timer.unref();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** A sweep nobody waits for (timer ticks, kicks): a failure is logged and left to the next one. */
  protected sweepQuietly(): void {
    this.sweep().catch((err) => new Logger(this.constructor.name).warn(`sweep failed (tried again later): ${(err as Error).message}`));
  }

  sweep(): Promise<number> {
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }
}
