import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Clock, intId, requestBodySchema, z } from '@lib/common';
import { RateLimit } from '@lib/http';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { MEDICAL_API, MEDICAL_PRODUCT } from '../medical-products';
import { CancelCompanyPoliciesUseCase } from '../policies/cancel-medical-policy.use-case';
import { presentCompany } from './company.presenter';
import { medicalCompanyListShape, medicalCompanyShape } from './company.response';
import { CreateCompanyInput, createCompanySchema } from './company.schema';
import { MedicalCompanyRepository } from './medical-company.repository';

const idParam = z.strictObject({ companyId: intId });

@ApiTags('SME medical')
@PartnerApi(MEDICAL_PRODUCT)
@Controller(`${MEDICAL_API}/companies`)
export class MedicalCompaniesController {
  constructor(
    private readonly companies: MedicalCompanyRepository,
    private readonly cancel: CancelCompanyPoliciesUseCase,
    private readonly clock: Clock,
  ) {}

  @Post()
  @HttpCode(200)
  @RateLimit('POST /medical/companies')
  @ApiOperation({
    summary: 'Create a company',
    description:
      'All fields required. `commercial_registration_number` and `unified_national_number`: 10 digits starting with 7; `sponsor_number`: 10 digits; ' +
      '`name_ar` in Arabic; `phone_number` 05XXXXXXXX or +9665XXXXXXXX; `size` micro (1-5 employees), small (6-49) or medium (50-249). ' +
      'A commercial registration number is used once per client. Answers 200 as the real service does. Rate limit: 60 per minute.',
  })
  @ApiBody({ schema: requestBodySchema(createCompanySchema) })
  @Responds(200, medicalCompanyShape, 'The company.')
  @ApiErrors(422)
  async create(@CurrentPartner() partner: Partner, @Body({ schema: createCompanySchema }) body: CreateCompanyInput) {
    return presentCompany(await this.companies.create(partner.clientId, body, this.clock.now()));
  }

  @Get()
  @RateLimit('GET /medical/companies')
  @ApiOperation({ summary: 'List companies', description: "The calling client's companies, newest first, as a plain array. Rate limit: 120 per minute." })
  @Responds(200, medicalCompanyListShape, 'An array of companies.')
  async list(@CurrentPartner() partner: Partner) {
    return (await this.companies.list(partner.clientId)).map(presentCompany);
  }

  @Get(':companyId')
  @ApiOperation({ summary: 'Show a company' })
  @Responds(200, medicalCompanyShape, 'The company.')
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return presentCompany(await this.companies.require(partner.clientId, p.companyId));
  }

  @Post(':companyId/policy-cancellation')
  @HttpCode(204)
  @RateLimit('POST /medical/companies/{company}/policy-cancellation')
  @ApiOperation({
    summary: "Cancel the company's medical cover",
    description:
      'Active policies become status 2 (cancelled); a policy awaiting payment is withdrawn and its payment link stops working. 422 when the company has neither. Rate limit: 30 per minute.',
  })
  @ApiNoContentResponse({ description: 'Cancelled.' })
  @ApiErrors(404, 422)
  async cancelPolicies(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>): Promise<void> {
    const company = await this.companies.require(partner.clientId, p.companyId);
    await this.cancel.cancelCompany(company, this.clock.now());
  }
}
