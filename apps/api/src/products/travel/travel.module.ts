import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { HttpTravelProvider } from '@lib/providers';
import { AdminModule } from '../../platform/admin/admin.module';
import { ClaimsModule } from '../../policies/claims/claims.module';
import { FilesModule } from '../../platform/files/files.module';
import { PaymentsModule } from '../../payments/payments.module';
import { PolicyCancellationModule } from '../../policies/cancellation/policy-cancellation.module';
import { TravelPolicyActivator } from './activation/travel-policy.activator';
import { AdminTravelPoliciesController } from './admin/admin-travel-policies.controller';
import { TravelPoliciesReadSide } from './admin/travel-policies.read-side';
import { CancelTravelPolicyUseCase } from './cancellation/cancel-travel-policy.use-case';
import { TravelClaimPolicies } from './claims/travel-claim-policies';
import { TravelClaimsController } from './claims/travel-claims.controller';
import { TravelPolicyTerm } from './policies/travel-policy-term';
import { TRAVEL_POLICY_PRODUCT } from './travel.product';
import { TravelDocuments } from './documents/travel-documents.service';
import { PurchaseTravelPolicyUseCase } from './policies/purchase-travel-policy.use-case';
import { TravelPoliciesController } from './policies/travel-policies.controller';
import { TravelPolicyRepository } from './policies/travel-policy.repository';
import { TravelPolicyPresenter } from './policies/travel-policy.view';
import { RequestTravelQuoteUseCase } from './quotes/request-travel-quote.use-case';
import { TravelQuoteRepository } from './quotes/travel-quote.repository';
import { TravelQuotesController } from './quotes/travel-quotes.controller';
import { UploadTravelDocumentsUseCase } from './quotes/upload-travel-documents.use-case';
import { TRAVEL_PROVIDER } from './travel-products';

/** Schengen travel insurance: /api/v1/yasmina-schengen-travel (quotes, documents, purchase, policies, cancellation, claims) and its console view. */
@Module({
  imports: [AdminModule, FilesModule, PaymentsModule, ClaimsModule, PolicyCancellationModule],
  controllers: [TravelQuotesController, TravelPoliciesController, TravelClaimsController, AdminTravelPoliciesController],
  providers: [
    TravelPoliciesReadSide,
    {
      provide: TRAVEL_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => new HttpTravelProvider({ baseUrl: c.sandboxUrl, timeoutMs: c.motorInsurerTimeoutMs }),
    },
    TravelQuoteRepository,
    TravelPolicyRepository,
    TravelPolicyPresenter,
    RequestTravelQuoteUseCase,
    UploadTravelDocumentsUseCase,
    PurchaseTravelPolicyUseCase,
    CancelTravelPolicyUseCase,
    TravelPolicyActivator,
    TravelDocuments,
    TravelClaimPolicies,
    TravelPolicyTerm,
    TRAVEL_POLICY_PRODUCT,
  ],
})
export class TravelModule {}
