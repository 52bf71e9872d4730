import { Module } from '@nestjs/common';
import { PortalModule } from '../../platform/portal/portal.module';
import { WebhooksModule } from '../webhooks.module';
import { PortalWebhookDeliveriesController, PortalWebhookEndpointsController } from './portal-webhooks.controller';

/**
 * The portal's Webhooks area under /portal/api, mounted in production as in the sandbox. It lives here, above the
 * platform, because the platform imports nothing above it; the portal's session guard comes from PortalModule.
 */
@Module({
  imports: [PortalModule, WebhooksModule],
  controllers: [PortalWebhookEndpointsController, PortalWebhookDeliveriesController],
})
export class PortalWebhooksModule {}
