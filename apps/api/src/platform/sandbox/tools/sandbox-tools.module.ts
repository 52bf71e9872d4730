import { Module } from '@nestjs/common';
import { PaymentsModule } from '../../../payments/payments.module';
import { WebhooksModule } from '../../../webhooks/webhooks.module';
import { SandboxWebhookDeliveriesController, SandboxWebhooksController } from './sandbox-webhooks.controller';
import { HeadlessPayment } from './headless-payment';
import { SandboxControl } from './sandbox-control';
import { SandboxInsurersController } from './sandbox-insurers.controller';
import { SandboxPaymentsController } from './sandbox-payments.controller';
import { SandboxVehicleDocumentsController } from './sandbox-vehicle-documents.controller';
import { SandboxTestClocksController } from './sandbox-test-clocks.controller';
import { SandboxCompanyRegistryController } from './sandbox-company-registry.controller';
import { TestClockTool } from './test-clock-tool';

/**
 * Mounted in sandbox mode only (absent, so 404, in production): tools a partner drives from its own automated
 * tests with nothing but its credentials, each scoped to the calling client.
 */
@Module({
  imports: [PaymentsModule, WebhooksModule],
  controllers: [SandboxInsurersController, SandboxVehicleDocumentsController, SandboxPaymentsController, SandboxWebhooksController, SandboxWebhookDeliveriesController, SandboxTestClocksController, SandboxCompanyRegistryController],
  providers: [SandboxControl, HeadlessPayment, TestClockTool],
})
export class SandboxToolsModule {}
