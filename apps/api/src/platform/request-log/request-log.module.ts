import { Module } from '@nestjs/common';
import { PortalModule } from '../portal/portal.module';
import { PortalRequestsController } from './portal-requests.controller';
import { RequestLogRetention } from './request-log-retention';
import { RequestLogRepository } from './request-log.repository';
import { RequestLogReader } from './request-log.service';
import { RequestLogWriter } from './request-log.writer';

/**
 * The partner request log: the writer the response hook feeds (see RequestLogHook, attached in bootstrap), the
 * retention sweep of its day partitions, and the portal's Requests routes.
 */
@Module({
  imports: [PortalModule],
  controllers: [PortalRequestsController],
  providers: [RequestLogRepository, RequestLogWriter, RequestLogRetention, RequestLogReader],
  exports: [RequestLogWriter, RequestLogRetention],
})
export class RequestLogModule {}
