import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import type { MedicalProvider } from '@lib/providers';
import { MEDICAL_PROVIDER } from '../medical-insurers';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiError, Clock, intId, z } from '@lib/common';
import { RateLimit } from '@lib/http';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds, shapeRef } from '../../../platform/openapi/responds.decorator';
import { MedicalCompanyRepository } from '../companies/medical-company.repository';
import { MEDICAL_API, MEDICAL_PRODUCT } from '../medical-products';
import { presentEmployee } from './employee.presenter';
import { EMPLOYEE_EXAMPLE, type MedicalEmployeeListOut, medicalEmployeeListErrorShape, medicalEmployeeListShape } from './employee.response';
import { validateEmployeeList } from './employee.schema';
import { MedicalEmployeeRepository } from './medical-employee.repository';

const idParam = z.strictObject({ companyId: intId });

@ApiTags('SME medical')
@PartnerApi(MEDICAL_PRODUCT)
@Controller(`${MEDICAL_API}/companies/:companyId/employees`)
export class MedicalEmployeesController {
  constructor(
    private readonly companies: MedicalCompanyRepository,
    private readonly employees: MedicalEmployeeRepository,
    private readonly clock: Clock,
    @Inject(MEDICAL_PROVIDER) private readonly provider: MedicalProvider,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'The last saved employee list',
    description: 'Each employee with `age` (today), dependents and `health_declaration` (null until filled).',
  })
  @Responds(200, medicalEmployeeListShape, 'The saved list.')
  @ApiErrors(404)
  async list(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>): Promise<MedicalEmployeeListOut> {
    const company = await this.companies.require(partner.clientId, p.companyId);
    const now = this.clock.now();
    return { employees: (await this.employees.list(company.id)).map((e) => presentEmployee(e, now)) };
  }

  @Put()
  @RateLimit('PUT /medical/companies/{company}/employees')
  @ApiOperation({
    summary: 'Replace the employee list',
    description:
      'Replaces the whole list (1 to 1000 employees) or nothing: one bad row rejects the list with 422, `details` keyed `employees.<row>.<field>` for every bad row ' +
      '(rows counted from 0) and the message naming the rows. Rules: `nationality_iso` SA needs `nationality_id` (10 digits starting 1) and a Hijri (Umm al-Qura) ' +
      '`date_of_birth`; anyone else an `iqama_id` (starting 2) and a Gregorian one. Employees are 18 to 110 years old. `category` (tier) is basic, standard, premium or executive; ' +
      "dependents take the employee's tier. Dependents: `spouse` only when `is_married` (a female employee covers at most one, a male at most four; of the other gender, 18 or older), " +
      '`child` under 25 and younger than the employee, `parent` older than the employee. Ids and emails are unique across the list. ' +
      'A health declaration already filled stays with a person who remains on the list. Rate limit: 60 per minute.',
  })
  @ApiBody({ schema: { type: 'object', required: ['employees'], example: { employees: [EMPLOYEE_EXAMPLE] } } })
  @Responds(200, medicalEmployeeListShape, 'The saved list, as GET answers it.')
  @ApiResponse({
    status: 422,
    description: 'Validation failed: `details` names every failing field (`employees.<row>.<field>`), `invalid_rows` the rows.',
    schema: shapeRef(medicalEmployeeListErrorShape),
  })
  @ApiErrors(404)
  async replace(
    @CurrentPartner() partner: Partner,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body() body: unknown,
  ): Promise<MedicalEmployeeListOut> {
    const company = await this.companies.require(partner.clientId, p.companyId);
    const now = this.clock.now();
    const result = validateEmployeeList(body, now);
    if (Object.keys(result.details).length > 0) {
      const rows = result.badRows;
      const message = rows.length
        ? `${rows.length} employee row${rows.length === 1 ? ' is' : 's are'} invalid (row${rows.length === 1 ? '' : 's'} ${rows.join(', ')}); nothing was saved.`
        : (Object.values(result.details)[0]?.[0] ?? 'The employee list is invalid.');
      throw new ApiError('VALIDATION_FAILED', message, result.details, {}, { invalid_rows: rows });
    }
    const saved = await this.employees.replace(company.id, result.employees, now);
    return { employees: saved.map((e) => presentEmployee(e, now)) };
  }

  @Post('fetch')
  @HttpCode(200)
  @RateLimit('PUT /medical/companies/{company}/employees')
  @ApiOperation({
    summary: 'Load the employee list from the company registry',
    description:
      "As the real service: the employees registered under the company's commercial registration number replace the saved list, every one on the `basic` " +
      'category, without dependents (PUT the list to change categories or add dependents). Declarations already filled stay with a person who remains. ' +
      '404 when the registry knows no such company (in the sandbox, a number ending in 0000); 502 when the registry fails. Rate limit: 60 per minute.',
  })
  @Responds(200, medicalEmployeeListShape, 'The saved list, as GET answers it.')
  @ApiErrors(404, 502)
  async fetchFromRegistry(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>): Promise<MedicalEmployeeListOut> {
    const company = await this.companies.require(partner.clientId, p.companyId);
    let registered;
    try {
      registered = await this.provider.registeredStaff(company.commercialRegistrationNumber);
    } catch (err) {
      throw new ApiError('PROVIDER_FAILED', `The company registry did not answer: ${(err as Error).message}`);
    }
    if (!registered) throw ApiError.notFound('The company registry knows no company with this commercial registration number.');
    const now = this.clock.now();
    const result = validateEmployeeList({ employees: registered.map((e) => ({ ...e, category: 'basic', dependents: [] })) }, now);
    if (Object.keys(result.details).length)
      throw new ApiError('PROVIDER_FAILED', 'The company registry answered employees that fail the list rules; PUT the list instead.');
    const saved = await this.employees.replace(company.id, result.employees, now);
    return { employees: saved.map((e) => presentEmployee(e, now)) };
  }
}
