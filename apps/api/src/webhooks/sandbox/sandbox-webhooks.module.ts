import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks.module';
import { SandboxWebhookDeliveriesController, SandboxWebhooksController } from './sandbox-webhooks.controller';

/** Sandbox mode only (absent, so 404, in production): a partner's tests manage their webhook endpoints and read deliveries. */
@Module({
  imports: [WebhooksModule],
  controllers: [SandboxWebhooksController, SandboxWebhookDeliveriesController],
})
export class SandboxWebhooksModule {}
