import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments.module';
import { HeadlessPayment } from './headless-payment';
import { SandboxPaymentsController } from './sandbox-payments.controller';

/** Sandbox mode only (absent, so 404, in production): a partner's tests pay, decline or fail a payment link without a browser. */
@Module({
  imports: [PaymentsModule],
  controllers: [SandboxPaymentsController],
  providers: [HeadlessPayment],
})
export class SandboxPaymentsModule {}
