import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { HttpMotorProvider } from '@lib/providers';
import { OtpModule } from '../../platform/otp/otp.module';
import { MotorCustomerRepository } from './customers/motor-customer.repository';
import { GuidelineTextsController } from './guidelines/guideline-texts.controller';
import { VehicleLookupsController } from './lookups/vehicle-lookups.controller';
import { MOTOR_PROVIDER, MotorInsurers } from './motor-insurers';
import { QuoteOtpController } from './otp/quote-otp.controller';
import { QuoteRequestRepository } from './quotes/quote-request.repository';
import { QuoteRequestsController } from './quotes/quote-requests.controller';
import { RequestQuotesUseCase } from './quotes/request-quotes.use-case';
import { QuoteRequestIntake } from './quotes/quote-request.intake';
import { RequestQuotesAsyncUseCase } from './quotes/request-quotes-async.use-case';
import { QuoteProgressRepository } from './quotes/quote-progress.repository';
import { KeptQuotesCache } from './quotes/kept-quotes.cache';
import { QuoteProgressHub } from './quotes/quote-progress.hub';
import { QuoteFanOutRunner } from './quotes/quote-fan-out.runner';
import { StreamQuoteEventsUseCase } from './quotes/stream-quote-events.use-case';
import { ShowQuoteRequestUseCase } from './quotes/show-quote-request.use-case';
import { IssueOtpController } from './issuance/issue-otp.controller';
import { IssuePolicyUseCase } from './issuance/issue-policy.use-case';
import { SendIssueOtpUseCase } from './issuance/send-issue-otp.use-case';
import { MotorPoliciesController } from './issuance/motor-policies.controller';
import { MotorPolicyRepository } from './issuance/motor-policy.repository';
import { SelectionRepository } from './issuance/selection.repository';
import { PaymentsModule } from '../../payments/payments.module';
import { MotorPolicyActivator } from './activation/motor-policy.activator';
import { AdminModule } from '../../platform/admin/admin.module';
import { PolicyConsoleModule } from '../../policies/policy-console.module';
import { MotorMetricsProvider } from './dashboard/motor-metrics.provider';
import { MotorPolicyTerm } from './issuance/motor-policy-term';
import { MOTOR_POLICY_PRODUCT } from './motor.product';
import { MotorQuoteFunnelRepository } from './dashboard/motor-quote-funnel.repository';
import { MotorSamplePolicyRepository } from './issuance/motor-sample-policy.repository';
import { FilesModule } from '../../platform/files/files.module';
import { VehiclePhotosController } from './photos/vehicle-photos.controller';
import { RegisterVehiclePhotosUseCase } from './photos/register-vehicle-photos.use-case';
import { VehiclePhotoRepository } from './photos/vehicle-photo.repository';
import { AdminMotorPoliciesController } from './admin/admin-motor-policies.controller';
import { MotorPoliciesReadSide } from './admin/motor-policies.read-side';
import { AdminMotorQuoteRequestsController } from './admin/admin-motor-quote-requests.controller';
import { InsurerDirectory } from './admin/insurer-directory';
import { PolicyAdminRepository } from './admin/policy-admin.repository';
import { ProviderHealthController } from './admin/provider-health.controller';
import { ProviderHealthService } from './admin/provider-health.service';
import { QuoteRequestAdminRepository } from './admin/quote-request-admin.repository';

/** Motor price comparison: /api/v1/car-comp. */
@Module({
  imports: [AdminModule, PolicyConsoleModule, OtpModule, FilesModule, PaymentsModule],
  controllers: [
    QuoteOtpController,
    VehicleLookupsController,
    GuidelineTextsController,
    QuoteRequestsController,
    IssueOtpController,
    MotorPoliciesController,
    VehiclePhotosController,
    AdminMotorQuoteRequestsController,
    AdminMotorPoliciesController,
    ProviderHealthController,
  ],
  providers: [
    {
      provide: MOTOR_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => new HttpMotorProvider({ baseUrl: c.sandboxUrl, timeoutMs: c.motorInsurerTimeoutMs }),
    },
    MotorInsurers,
    MotorCustomerRepository,
    QuoteRequestRepository,
    { provide: KeptQuotesCache, useFactory: () => new KeptQuotesCache() },
    QuoteRequestIntake,
    RequestQuotesUseCase,
    // progressive quotes (Prefer: respond-async, /events)
    QuoteProgressRepository,
    QuoteProgressHub,
    QuoteFanOutRunner,
    RequestQuotesAsyncUseCase,
    StreamQuoteEventsUseCase,
    ShowQuoteRequestUseCase,
    SelectionRepository,
    MotorPolicyRepository,
    MotorSamplePolicyRepository,
    IssuePolicyUseCase,
    MotorPolicyActivator,
    MotorMetricsProvider,
    MotorPolicyTerm,
    MotorQuoteFunnelRepository,
    MOTOR_POLICY_PRODUCT,
    VehiclePhotoRepository,
    RegisterVehiclePhotosUseCase,
    // the console's read-only views (admin/api/motor-*, provider-health)
    QuoteRequestAdminRepository,
    PolicyAdminRepository,
    MotorPoliciesReadSide,
    InsurerDirectory,
    ProviderHealthService,
    SendIssueOtpUseCase,
  ],
  // the embedded flow (EmbedModule) drives the same use-cases as the partner API
  exports: [
    RequestQuotesUseCase,
    RequestQuotesAsyncUseCase,
    StreamQuoteEventsUseCase,
    QuoteProgressRepository,
    MotorInsurers,
    RegisterVehiclePhotosUseCase,
    SendIssueOtpUseCase,
    IssuePolicyUseCase,
    QuoteRequestRepository,
    SelectionRepository,
    MotorPolicyRepository,
  ],
})
export class MotorModule {}
