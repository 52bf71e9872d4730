import { HorsePolicyTerm } from './policies/horse-policy-term';
import { HORSE_POLICY_PRODUCT } from './horse.product';
import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { HttpHorseProvider } from '@lib/providers';
import { FilesModule } from '../../platform/files/files.module';
import { AdminModule } from '../../platform/admin/admin.module';
import { AdminHorsePoliciesController } from './admin/admin-horse-policies.controller';
import { HorsePoliciesReadSide } from './admin/horse-policies.read-side';
import { ClaimsModule } from '../../policies/claims/claims.module';
import { HorseClaimPolicies } from './claims/horse-claim-policies';
import { HorseClaimsController } from './claims/horse-claims.controller';
import { PaymentsModule } from '../../payments/payments.module';
import { PolicyCancellationModule } from '../../policies/cancellation/policy-cancellation.module';
import { HorsePolicyActivator } from './activation/horse-policy.activator';
import { CancelHorsePolicyUseCase } from './cancellation/cancel-horse-policy.use-case';
import { HORSE_PROVIDER } from './horse-products';
import { CreateHorsePolicyUseCase } from './policies/create-horse-policy.use-case';
import { HorsePoliciesController } from './policies/horse-policies.controller';
import { HorsePolicyRepository } from './policies/horse-policy.repository';

/** Horse insurance: /api/v1/horse (policies, cancellation). */
@Module({
  imports: [AdminModule, FilesModule, PaymentsModule, ClaimsModule, PolicyCancellationModule],
  controllers: [AdminHorsePoliciesController, HorseClaimsController, HorsePoliciesController],
  providers: [
    HorsePoliciesReadSide,
    HorsePolicyTerm,
    HORSE_POLICY_PRODUCT,
    HorseClaimPolicies,
    {
      provide: HORSE_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => new HttpHorseProvider({ baseUrl: c.sandboxUrl, timeoutMs: c.motorInsurerTimeoutMs }),
    },
    HorsePolicyRepository,
    CreateHorsePolicyUseCase,
    CancelHorsePolicyUseCase,
    HorsePolicyActivator,
  ],
})
export class HorseModule {}
