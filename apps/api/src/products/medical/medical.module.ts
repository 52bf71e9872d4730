import { MedicalPolicyTerm } from './policies/medical-policy-term';
import { MEDICAL_POLICY_PRODUCT } from './medical.product';
import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { HttpMedicalProvider } from '@lib/providers';
import { AdminModule } from '../../platform/admin/admin.module';
import { PolicyConsoleModule } from '../../policies/policy-console.module';
import { AdminMedicalCompaniesController } from './admin/admin-medical-companies.controller';
import { AdminMedicalPoliciesController } from './admin/admin-medical-policies.controller';
import { MedicalPoliciesReadSide } from './admin/medical-policies.read-side';
import { ClaimsModule } from '../../policies/claims/claims.module';
import { FilesModule } from '../../platform/files/files.module';
import { PaymentsModule } from '../../payments/payments.module';
import { MedicalClaimPolicies } from './claims/medical-claim-policies';
import { MedicalClaimsController } from './claims/medical-claims.controller';
import { MedicalBilling } from './billing/medical-billing';
import { MedicalWorklistProvider } from './dashboard/medical-worklist.provider';
import { EditEmployeeUseCase } from './employees/edit-employee.use-case';
import { MedicalPolicyReads } from './policies/medical-policy-reads';
import { MedicalDeclarationRoutesController } from './forms/declaration-routes.controller';
import { MedicalBillingController } from './billing/medical-billing.controller';
import { MedicalPolicyActivator } from './billing/medical-policy.activator';
import { MedicalCompaniesController } from './companies/companies.controller';
import { MedicalCompanyRepository } from './companies/medical-company.repository';
import { MedicalEmployeesController } from './employees/employees.controller';
import { MedicalEmployeeRepository } from './employees/medical-employee.repository';
import { FillDeclarationsUseCase } from './forms/fill-declarations.use-case';
import { MedicalFormsController } from './forms/medical-forms.controller';
import { MEDICAL_PROVIDER, MedicalInsurers } from './medical-insurers';
import { CancelCompanyPoliciesUseCase } from './policies/cancel-medical-policy.use-case';
import { IssueMedicalPolicyUseCase } from './policies/issue-medical-policy.use-case';
import { MedicalPoliciesController } from './policies/medical-policies.controller';
import { MedicalPolicyRepository } from './policies/medical-policy.repository';
import { MedicalCategoriesController } from './products/medical-categories.controller';
import { MedicalQuoteRepository } from './quotes/medical-quote.repository';
import { MedicalQuotesController } from './quotes/medical-quotes.controller';
import { RequestMedicalQuotesUseCase } from './quotes/request-medical-quotes.use-case';

/** SME medical: /api/v1/medical (companies, employees, declarations, quotes, policies, payment link). */
@Module({
  imports: [AdminModule, PolicyConsoleModule, PaymentsModule, FilesModule, ClaimsModule],
  controllers: [
    MedicalCompaniesController,
    MedicalEmployeesController,
    MedicalCategoriesController,
    MedicalQuotesController,
    MedicalFormsController,
    MedicalPoliciesController,
    MedicalBillingController,
    MedicalClaimsController,
    AdminMedicalCompaniesController,
    AdminMedicalPoliciesController,
    MedicalDeclarationRoutesController,
  ],
  providers: [
    MedicalPoliciesReadSide,
    MedicalPolicyTerm,
    MEDICAL_POLICY_PRODUCT,
    // insurer calls share motor's per-call timeout (MOTOR_INSURER_TIMEOUT_MS): one knob for every sandbox insurer
    {
      provide: MEDICAL_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => new HttpMedicalProvider({ baseUrl: c.sandboxUrl, timeoutMs: c.motorInsurerTimeoutMs }),
    },
    MedicalInsurers,
    MedicalCompanyRepository,
    MedicalEmployeeRepository,
    MedicalQuoteRepository,
    MedicalPolicyRepository,
    RequestMedicalQuotesUseCase,
    IssueMedicalPolicyUseCase,
    CancelCompanyPoliciesUseCase,
    FillDeclarationsUseCase,
    EditEmployeeUseCase,
    MedicalWorklistProvider,
    MedicalBilling,
    MedicalPolicyReads,
    MedicalPolicyActivator,
    MedicalClaimPolicies,
    // the property module's checked document uploads, reused for claim documents
  ],
  exports: [MedicalCompanyRepository, MedicalEmployeeRepository, MedicalPolicyRepository, MedicalBilling],
})
export class MedicalModule {}
