import { Inject, Injectable } from '@nestjs/common';
import { RealClock } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { PeriodicSweep } from '../periodic-sweep';
import { dayOf, RequestLogRepository } from './request-log.repository';

const DAY_MS = 86_400_000;
/** Days of partitions made ahead, so the writer finds tomorrow's ready at midnight. */
const DAYS_AHEAD = 2;

/**
 * Keeps the request log's partitions: creates today's and the next DAYS_AHEAD days', and drops every day whose last
 * instant is older than REQUEST_LOG_RETENTION_DAYS (a DROP TABLE per day: instant, whatever the day's size). Runs at
 * boot and every REQUEST_LOG_SWEEP_MS. Answers how many partitions it dropped.
 */
@Injectable()
export class RequestLogRetention extends PeriodicSweep {
  constructor(
    private readonly repository: RequestLogRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: RealClock,
  ) {
    super();
  }

  protected get intervalMs(): number {
    return this.config.requestLog.sweepMs;
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    this.sweepQuietly();
  }

  protected async run(): Promise<number> {
    const now = this.clock.now();
    const today = dayOf(now).getTime();
    await this.repository.ensurePartitions(Array.from({ length: DAYS_AHEAD + 1 }, (_, i) => new Date(today + i * DAY_MS)));
    const cutoff = now.getTime() - this.config.requestLog.retentionDays * DAY_MS;
    let dropped = 0;
    for (const day of await this.repository.partitionDays()) {
      if (day.getTime() + DAY_MS > cutoff) break;
      await this.repository.dropPartition(day);
      dropped++;
    }
    return dropped;
  }
}
