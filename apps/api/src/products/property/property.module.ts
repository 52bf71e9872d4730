import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { HttpPropertyProvider } from '@lib/providers';
import { AdminModule } from '../../platform/admin/admin.module';
import { ClaimsModule } from '../../policies/claims/claims.module';
import { FilesModule } from '../../platform/files/files.module';
import { PaymentsModule } from '../../payments/payments.module';
import { PolicyCancellationModule } from '../../policies/cancellation/policy-cancellation.module';
import { PropertyPolicyActivator } from './activation/property-policy.activator';
import { AddressLookupController } from './address/address-lookup.controller';
import { AdminPropertyPoliciesController } from './admin/admin-property-policies.controller';
import { PropertyPoliciesReadSide } from './admin/property-policies.read-side';
import { CancelPropertyPolicyUseCase } from './cancellation/cancel-property-policy.use-case';
import { CancellationStatusService } from './cancellation/cancellation-status.service';
import { PropertyClaimPolicies } from './claims/property-claim-policies';
import { PropertyClaimsController } from './claims/property-claims.controller';
import { PROPERTY_POLICY_PRODUCT } from './property.product';
import { PropertyPolicyTerm } from './policies/property-policy-term';
import { PropertyDocumentsController } from './documents/property-documents.controller';
import { PropertyDocumentRepository } from './documents/property-document.repository';
import { IssuePropertyPolicyUseCase } from './policies/issue-property-policy.use-case';
import { PropertyInsurerIssuance } from './policies/property-insurer-issuance';
import { PropertyPoliciesController } from './policies/property-policies.controller';
import { PropertyPolicyViews } from './policies/property-policy-views';
import { PropertyPolicyRepository } from './policies/property-policy.repository';
import { PropertyPricesController } from './prices/property-prices.controller';
import { PropertyPricingService } from './prices/property-pricing.service';
import { PROPERTY_PROVIDER } from './property-products';

/**
 * Property insurance: /api/v1/property (address lookup, prices, policies, documents, cancellation, claims)
 * and the console's property policies. A paid payment activates the policy through PropertyPolicyActivator.
 */
@Module({
  imports: [AdminModule, FilesModule, ClaimsModule, PaymentsModule, PolicyCancellationModule],
  controllers: [
    AddressLookupController,
    PropertyPricesController,
    PropertyPoliciesController,
    PropertyDocumentsController,
    PropertyClaimsController,
    AdminPropertyPoliciesController,
  ],
  providers: [
    PropertyPoliciesReadSide,
    {
      provide: PROPERTY_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => new HttpPropertyProvider({ baseUrl: c.sandboxUrl, timeoutMs: c.propertyInsurerTimeoutMs }),
    },
    PropertyPolicyRepository,
    PropertyPolicyViews,
    PropertyPricingService,
    IssuePropertyPolicyUseCase,
    CancelPropertyPolicyUseCase,
    CancellationStatusService,
    PropertyDocumentRepository,
    PropertyClaimPolicies,
    PROPERTY_POLICY_PRODUCT,
    PropertyInsurerIssuance,
    PropertyPolicyActivator,
    PropertyPolicyTerm,
  ],
  exports: [PropertyPolicyRepository, PropertyInsurerIssuance, PROPERTY_PROVIDER],
})
export class PropertyModule {}
