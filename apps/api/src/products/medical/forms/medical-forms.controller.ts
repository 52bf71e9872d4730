import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, Clock, intId, z } from '@lib/common';
import { RateLimit } from '@lib/http';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { MedicalCompanyRepository } from '../companies/medical-company.repository';
import { MedicalEmployeeRepository } from '../employees/medical-employee.repository';
import { MEDICAL_API, MEDICAL_PRODUCT } from '../medical-products';
import { MedicalPolicyRepository } from '../policies/medical-policy.repository';
import { FillDeclarationsUseCase, FillInput, fillSchema } from './fill-declarations.use-case';
import { renderMedicalForms } from './medical-form-document';
import { type DeclarationAnswers, presentQuestionTree } from './medical-form.questions';
import { type MedicalFormsFilledOut, medicalFormQuestionsShape, medicalFormsFilledShape } from './medical-form.response';

const downloadQuery = z
  .strictObject({ company_id: intId.optional(), policy_id: intId.optional() })
  .refine((q) => q.company_id === undefined || q.policy_id === undefined, { path: ['policy_id'], message: 'Send company_id or policy_id, not both.' });

@ApiTags('SME medical')
@PartnerApi(MEDICAL_PRODUCT)
@Controller(`${MEDICAL_API}/medical-forms`)
export class MedicalFormsController {
  constructor(
    private readonly fill: FillDeclarationsUseCase,
    private readonly companies: MedicalCompanyRepository,
    private readonly employees: MedicalEmployeeRepository,
    private readonly policies: MedicalPolicyRepository,
    private readonly clock: Clock,
  ) {}

  @Get()
  @RateLimit('GET /medical/medical-forms')
  @ApiOperation({
    summary: 'Health declaration questions',
    description:
      'The question tree the real service documents: `general_health_information`, `surgical_history`, `cardiovascular_health`, `chronic_conditions` ' +
      '(`diagnoses` with its `options`, answered as `chronic_disease`), `lifestyle_and_habits` and `additional_information`. Each question sits under its answer key ' +
      'with `question`, `question_ar`, `choices` (`Yes`, `No`; Arabic in `choices_ar`) and `required`. Answers are sent under the same keys (any case; answered as ' +
      '`Yes`/`No`) to PUT .../declaration, POST /policies/{id}/declarations and POST /medical-forms/fill. Rate limit: 120 per minute.',
  })
  @Responds(200, medicalFormQuestionsShape, 'The question tree.')
  questions() {
    return presentQuestionTree();
  }

  @Post('fill')
  @HttpCode(200)
  @RateLimit('POST /medical/medical-forms/fill')
  @ApiOperation({
    summary: 'Fill health declarations',
    description:
      "`all_employees` answers apply to every employee of the company's saved list; each `ids_or_emails` entry (national id, iqama id or email) overrides them " +
      "question by question for one employee (and alone declares only that employee). Each employee's result must answer the twelve required questions `Yes`/`No` (any case; kept as `Yes`/`No`) and " +
      '`chronic_disease` (options from GET /medical-forms; "None of the above" alone). All or nothing: 422 names every problem. Answers the count declared and who is still to declare. Rate limit: 60 per minute.',
  })
  @Responds(200, medicalFormsFilledShape, 'Declared count and pending employees.')
  @ApiErrors(404, 422)
  async fillForms(@CurrentPartner() partner: Partner, @Body({ schema: fillSchema }) body: FillInput): Promise<MedicalFormsFilledOut> {
    const { declared, pending_declarations } = await this.fill.execute(partner.clientId, body);
    return { declared, pending_declarations };
  }

  @Get('download')
  @RateLimit('GET /medical/medical-forms/download')
  @ApiOperation({
    summary: 'Download the health declaration form (PDF)',
    description:
      'With `company_id`: one page per employee on the saved list, pre-filled with their details and any answers given (`health-declarations-company-<id>.pdf`). ' +
      "With `policy_id` (the real service's parameter): the same for the employees the policy covers (`health-declaration-policy-<id>.pdf`). " +
      'Without either: one blank form. Rate limit: 120 per minute.',
  })
  // the PDF is the 200's media type only: the errors stay JSON (@ApiProduces would relabel them as PDF)
  @ApiOkResponse({ description: 'A PDF file.', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(404, 422)
  async download(@CurrentPartner() partner: Partner, @Query({ schema: downloadQuery }) q: z.infer<typeof downloadQuery>, @Res() reply: FastifyReply) {
    const now = this.clock.now();
    let pdf: Buffer;
    let name = 'health-declaration-form.pdf';
    const policy = q.policy_id === undefined ? null : await this.policies.findForClient(partner.clientId, q.policy_id);
    if (q.policy_id !== undefined && !policy) throw ApiError.notFound('No medical policy with this id.');
    const companyId = policy?.companyId ?? q.company_id;
    if (companyId === undefined) {
      pdf = await renderMedicalForms(null, [null], now);
    } else {
      const company = await this.companies.require(partner.clientId, companyId);
      const covered = policy ? new Set((policy.insured as Array<{ identifier: string }>).map((i) => i.identifier)) : null;
      const staff = (await this.employees.list(company.id)).filter((e) => !covered || covered.has(e.personId));
      if (!staff.length)
        throw ApiError.field(policy ? 'policy_id' : 'company_id', 'There is no saved employee to fill a form for; PUT the employee list first.');
      pdf = await renderMedicalForms(
        { name: company.name, nameAr: company.nameAr, commercialRegistrationNumber: company.commercialRegistrationNumber },
        staff.map((e) => ({
          name: e.name,
          personId: e.personId,
          dateOfBirth: e.dateOfBirth,
          category: e.category,
          answers: (e.declaration as DeclarationAnswers | null) ?? null,
        })),
        now,
      );
      name = policy ? `health-declaration-policy-${policy.id}.pdf` : `health-declarations-company-${company.id}.pdf`;
    }
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(pdf);
  }
}
