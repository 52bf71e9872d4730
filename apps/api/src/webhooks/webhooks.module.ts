import { Module } from '@nestjs/common';
import { AdminModule } from '../platform/admin/admin.module';
import { AdminWebhookDeliveriesController } from './admin/admin-webhook-deliveries.controller';
import { AdminWebhookEndpointsController } from './admin/admin-webhook-endpoints.controller';
import { WebhookDeliveryRepository } from './delivery/webhook-delivery.repository';
import { WebhookWorker } from './delivery/webhook-worker';
import { WebhookEndpointRepository } from './endpoints/webhook-endpoint.repository';
import { WebhookEndpointsService } from './endpoints/webhook-endpoints.service';
import { WebhookOutbox } from './webhook-outbox';
import { ResendDeliveryUseCase } from './delivery/resend-delivery.use-case';
import { PartnerWebhooks } from './partner/partner-webhooks.service';

/**
 * Policy events to client endpoints: the outbox product modules write to (`WebhookOutbox.enqueue` inside
 * their transaction), the delivery worker, and the console's endpoints and deliveries.
 */
@Module({
  imports: [AdminModule],
  controllers: [AdminWebhookEndpointsController, AdminWebhookDeliveriesController],
  providers: [
    WebhookEndpointRepository,
    WebhookDeliveryRepository,
    WebhookOutbox,
    WebhookEndpointsService,
    WebhookWorker,
    ResendDeliveryUseCase,
    PartnerWebhooks,
  ],
  exports: [WebhookOutbox, WebhookWorker, PartnerWebhooks],
})
export class WebhooksModule {}
