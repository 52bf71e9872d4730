import { Module } from '@nestjs/common';
import { ClaimsMetricsProvider } from './claims-metrics.provider';
import { AdminModule } from '../admin/admin.module';
import { FilesModule } from '../files/files.module';
import { AdminClaimsController } from './admin-claims.controller';
import { ClaimPolicies } from './claim-policies';
import { ClaimRepository } from './claim.repository';
import { ClaimsService } from './claims.service';

/**
 * Claims of every product family: the core (open, move along the allowed statuses, history) and the
 * console's claims inbox. A product module registers a ClaimPolicyResolver with ClaimPolicies and exposes
 * its own partner endpoints that call ClaimsService.
 */
@Module({
  imports: [AdminModule, FilesModule],
  controllers: [AdminClaimsController],
  providers: [ClaimRepository, ClaimPolicies, ClaimsService, ClaimsMetricsProvider],
  exports: [ClaimRepository, ClaimPolicies, ClaimsService],
})
export class ClaimsModule {}
