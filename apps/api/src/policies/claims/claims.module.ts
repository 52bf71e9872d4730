import { Module } from '@nestjs/common';
import { ClaimsMetricsProvider } from './claims-metrics.provider';
import { AdminModule } from '../../platform/admin/admin.module';
import { PolicyConsoleModule } from '../policy-console.module';
import { FilesModule } from '../../platform/files/files.module';
import { AdminClaimsController } from './admin-claims.controller';
import { ClaimRepository } from './claim.repository';
import { ClaimsService } from './claims.service';
import { ClaimOverdue } from './claim-overdue';
import { ProductClaimIntake } from '../claims-intake/product-claim-intake';

/**
 * Claims of every product family: the core (open, move along the allowed statuses, history) and the
 * console's claims inbox. A product family supplies its ClaimPolicyResolver in its PolicyProduct and mounts
 * the partner claims controller (claims-intake) with its own routes; the intake behind it is provided here, once.
 */
@Module({
  imports: [AdminModule, PolicyConsoleModule, FilesModule],
  controllers: [AdminClaimsController],
  providers: [ClaimRepository, ClaimsService, ClaimOverdue, ClaimsMetricsProvider, ProductClaimIntake],
  exports: [ClaimRepository, ClaimsService, ProductClaimIntake],
})
export class ClaimsModule {}
