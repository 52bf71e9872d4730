import { Module } from '@nestjs/common';
import { AdminModule } from '../../admin/admin.module';
import { AdminDueEventsController } from './admin-due-events.controller';
import { RerunDueEventUseCase } from './rerun-due-event.use-case';

/** The console's *Scheduled events*: due events listed, shown, and a failed one run again (the repository comes from the global DueEventsModule). */
@Module({
  imports: [AdminModule],
  controllers: [AdminDueEventsController],
  providers: [RerunDueEventUseCase],
})
export class DueEventsConsoleModule {}
