import { LifePolicyTerm } from './policies/life-policy-term';
import { LIFE_POLICY_PRODUCT } from './life.product';
import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { HttpLifeProvider } from '@lib/providers';
import { FilesModule } from '../../platform/files/files.module';
import { AdminModule } from '../../platform/admin/admin.module';
import { AdminLifePoliciesController } from './admin/admin-life-policies.controller';
import { LifePoliciesReadSide } from './admin/life-policies.read-side';
import { ClaimsModule } from '../../policies/claims/claims.module';
import { LifeClaimPolicies } from './claims/life-claim-policies';
import { LifeClaimsController } from './claims/life-claims.controller';
import { PaymentsModule } from '../../payments/payments.module';
import { PolicyCancellationModule } from '../../policies/cancellation/policy-cancellation.module';
import { LifePolicyActivator } from './activation/life-policy.activator';
import { CancelLifePolicyUseCase } from './cancellation/cancel-life-policy.use-case';
import { LIFE_PROVIDER } from './life-products';
import { LifeOfferRepository } from './offers/life-offer.repository';
import { LifeOffersController } from './offers/life-offers.controller';
import { RequestLifeOffersUseCase } from './offers/request-life-offers.use-case';
import { IssueLifePolicyUseCase } from './policies/issue-life-policy.use-case';
import { LifePoliciesController } from './policies/life-policies.controller';
import { LifePolicyRepository } from './policies/life-policy.repository';

/** Life savings and protection: /api/v1/life-snp (offers, policies, cancellation). */
@Module({
  imports: [AdminModule, FilesModule, PaymentsModule, ClaimsModule, PolicyCancellationModule],
  controllers: [AdminLifePoliciesController, LifeClaimsController, LifeOffersController, LifePoliciesController],
  providers: [
    LifePoliciesReadSide,
    LifePolicyTerm,
    LIFE_POLICY_PRODUCT,
    LifeClaimPolicies,
    // the sandbox life insurers answer within the motor insurers' per-call timeout (MOTOR_INSURER_TIMEOUT_MS)
    {
      provide: LIFE_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => new HttpLifeProvider({ baseUrl: c.sandboxUrl, timeoutMs: c.motorInsurerTimeoutMs }),
    },
    LifeOfferRepository,
    RequestLifeOffersUseCase,
    LifePolicyRepository,
    IssueLifePolicyUseCase,
    CancelLifePolicyUseCase,
    LifePolicyActivator,
  ],
})
export class LifeModule {}
