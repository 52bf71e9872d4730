import { TplPolicyTerm } from './tpl-policy-term';
import { TPL_POLICY_PRODUCT } from './tpl.product';
import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { HttpTplProvider } from '@lib/providers';
import { AdminModule } from '../../platform/admin/admin.module';
import { ClaimsModule } from '../../policies/claims/claims.module';
import { AdminTplPoliciesController } from './admin/admin-tpl-policies.controller';
import { TplPoliciesReadSide } from './admin/tpl-policies.read-side';
import { TplPolicyAdminRepository } from './admin/tpl-policy-admin.repository';
import { FilesModule } from '../../platform/files/files.module';
import { TplClaimPolicies } from './claims/tpl-claim-policies';
import { TplClaimsController } from './claims/tpl-claims.controller';
import { PaymentsModule } from '../../payments/payments.module';
import { PolicyCancellationModule } from '../../policies/cancellation/policy-cancellation.module';
import { TplPolicyActivator } from './activation/tpl-policy.activator';
import { CancelTplPolicyUseCase } from './cancellation/cancel-tpl-policy.use-case';
import { TplCancellationController } from './cancellation/tpl-cancellation.controller';
import { IssueTplPolicyUseCase } from './issuance/issue-tpl-policy.use-case';
import { TplPoliciesController } from './issuance/tpl-policies.controller';
import { TPL_PROVIDER } from './tpl-provider.token';
import { TplPolicyRepository } from './tpl-policy.repository';
import { VehicleDocumentUploadGuard } from './upload/vehicle-document-upload.guard';

/** TPL motor v2: /v2/car/policies and /v2/clients/policies/cancellation, car claims. */
@Module({
  imports: [AdminModule, FilesModule, PaymentsModule, ClaimsModule, PolicyCancellationModule],
  controllers: [TplPoliciesController, TplCancellationController, TplClaimsController, AdminTplPoliciesController],
  providers: [
    TplPoliciesReadSide,
    TplPolicyTerm,
    TPL_POLICY_PRODUCT,
    { provide: TPL_PROVIDER, inject: [APP_CONFIG], useFactory: (c: AppConfig) => new HttpTplProvider({ baseUrl: c.sandboxUrl, timeoutMs: 10_000 }) },
    TplPolicyRepository,
    IssueTplPolicyUseCase,
    CancelTplPolicyUseCase,
    TplPolicyActivator,
    VehicleDocumentUploadGuard,
    TplClaimPolicies,
    TplPolicyAdminRepository,
  ],
  exports: [TplPolicyRepository, CancelTplPolicyUseCase],
})
export class TplModule {}
