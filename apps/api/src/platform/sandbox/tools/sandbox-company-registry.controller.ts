import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { digitString, z } from '@lib/common';
import { CurrentPartner, PartnerApi } from '../../auth/partner-api.decorator';
import type { Partner } from '../../auth/partner';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { Responds } from '../../openapi/responds.decorator';
import { SandboxControl } from './sandbox-control';
import { REGISTRY_EXAMPLE, sandboxRegisteredCompanyShape } from './sandbox-tools.response';

const MAX_EMPLOYEES = 200;
const person = z
  .strictObject({
    name: z.string({ error: 'The name is required.' }).trim().min(1, 'The name is required.').max(120),
    nationality_iso: z.string().regex(/^[A-Z]{2}$/, 'The nationality must be an ISO 3166 alpha-2 code such as SA.'),
    nationality_id: digitString(/^1\d{9}$/, 'A national id is 10 digits starting with 1.').optional(),
    iqama_id: digitString(/^2\d{9}$/, 'An iqama id is 10 digits starting with 2.').optional(),
    date_of_birth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date of birth must be YYYY-MM-DD (Hijri for a Saudi national id, Gregorian for an iqama).'),
    gender: z.enum(['male', 'female'], { error: 'The gender must be male or female.' }),
    mobile_number: z.string().regex(/^05\d{8}$/, 'The mobile number must be 05 and 8 digits.'),
  })
  .refine((p) => Boolean(p.nationality_id) !== Boolean(p.iqama_id), { message: 'Give a nationality_id or an iqama_id, not both.', path: ['nationality_id'] });
const registryBody = z.strictObject({
  employees: z.array(person).min(1, 'Give at least one employee.').max(MAX_EMPLOYEES, `At most ${MAX_EMPLOYEES} employees.`),
});
const crParam = z.strictObject({ cr: digitString(/^7\d{9}$/, 'The commercial registration number must be 10 digits starting with 7.') });

/** Sandbox only: the company registry behind `POST /medical/companies/{id}/employees/fetch`, filled by the partner. */
@ApiTags('Sandbox')
@PartnerApi()
@Controller('api/v1/sandbox/company-registry')
export class SandboxCompanyRegistryController {
  constructor(private readonly control: SandboxControl) {}

  @Put(':cr')
  @ApiOperation({
    summary: 'Register a company in the sandbox company registry (sandbox only)',
    description:
      'From now on the employees fetch of a medical company with this commercial registration number (`POST /api/v1/medical/companies/{id}/employees/fetch`) loads exactly these employees, ' +
      'for your requests only; registering the number again replaces them. Without a registration, every number is a company with 2 to 6 employees derived from it, and a number ' +
      'ending in 0000 is one the registry does not know (404). The fetched list then goes through the same rules as an uploaded one.',
  })
  @ApiBody({ schema: { type: 'object', example: { employees: REGISTRY_EXAMPLE.employees } } })
  @Responds(200, sandboxRegisteredCompanyShape, 'The company as the registry now answers it.')
  @ApiErrors(422, 502)
  register(
    @CurrentPartner() partner: Partner,
    @Param({ schema: crParam }) p: z.infer<typeof crParam>,
    @Body({ schema: registryBody }) body: z.infer<typeof registryBody>,
  ) {
    return this.control.registerCompany(partner.clientId, { commercial_registration_number: p.cr, employees: body.employees });
  }
}
