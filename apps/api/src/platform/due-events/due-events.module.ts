import { Global, Module } from '@nestjs/common';
import { DueEventRepository } from './due-event.repository';
import { DueEventScheduler } from './due-event-scheduler';
import { DueEvents } from './due-events';

/** The due-event scheduler, for every module: the owners of each kind register their handlers with DueEvents. */
@Global()
@Module({
  providers: [DueEventRepository, DueEvents, DueEventScheduler],
  exports: [DueEvents, DueEventScheduler, DueEventRepository],
})
export class DueEventsModule {}
