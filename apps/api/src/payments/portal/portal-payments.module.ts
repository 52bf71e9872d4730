import { Module } from '@nestjs/common';
import { PortalModule } from '../../platform/portal/portal.module';
import { PaymentsModule } from '../payments.module';
import { PortalPaymentsController, PortalRefundsController } from './portal-payments.controller';

/** The portal's Payments and Refunds under /portal/api: here, above the platform; the session guard comes from PortalModule. */
@Module({
  imports: [PortalModule, PaymentsModule],
  controllers: [PortalPaymentsController, PortalRefundsController],
})
export class PortalPaymentsModule {}
