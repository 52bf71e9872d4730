import { Module } from '@nestjs/common';
import { PortalModule } from '../../platform/portal/portal.module';
import { PortalClaimsController, PortalOverviewController, PortalPoliciesController } from './portal-business.controller';
import { PortalBusinessRepository } from './portal-business.repository';
import { PortalBusinessService } from './portal-business.service';

/**
 * The portal's read-only view of the partner's business across every family (policies, claims, the overview). It reads
 * the product registry, so it lives in the policy core, above the platform; the session guard comes from PortalModule.
 */
@Module({
  imports: [PortalModule],
  controllers: [PortalPoliciesController, PortalClaimsController, PortalOverviewController],
  providers: [PortalBusinessService, PortalBusinessRepository],
})
export class PortalBusinessModule {}
