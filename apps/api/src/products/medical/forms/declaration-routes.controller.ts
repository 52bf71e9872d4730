import { Body, Controller, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, crossFieldRules, formatNullableDateTime, intId, z } from '@lib/common';
import { RateLimit } from '@lib/http';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { MedicalEmployeeRepository } from '../employees/medical-employee.repository';
import { MEDICAL_API, MEDICAL_PRODUCT } from '../medical-products';
import { MedicalPolicyRepository } from '../policies/medical-policy.repository';
import { MedicalPolicyReads } from '../policies/medical-policy-reads';
import { medicalPolicyShape } from '../policies/medical-policy.response';
import { FillDeclarationsUseCase, idsOrEmailsSchema } from './fill-declarations.use-case';
import { answersSchema, partialAnswersSchema } from './medical-form.questions';
import { type MedicalDeclarationFilledOut, medicalDeclarationFilledShape } from './medical-form.response';

const employeeParams = z.strictObject({ companyId: intId, employeeId: z.string().trim().min(1).max(255) });
const policyParam = z.strictObject({ policyId: intId });
const oneDeclaration = z.strictObject({
  consent: z.literal(true, { error: 'The consent must be true: the employee confirms the answers.' }),
  answers: answersSchema,
});
const policyDeclarations = z
  .strictObject({
    all_employees: partialAnswersSchema.optional(),
    ids_or_emails: idsOrEmailsSchema.optional(),
  })
  .superRefine(
    ...crossFieldRules<{ all_employees?: unknown; ids_or_emails?: unknown[] }>((b, ctx, fine) => {
      if (fine('all_employees', 'ids_or_emails') && !b.all_employees && !b.ids_or_emails?.length)
        ctx.addIssue({ code: 'custom', path: ['all_employees'], message: 'Send all_employees answers, ids_or_emails entries, or both.' });
    }),
  );

/**
 * The real service's current declaration routes, beside the spec's POST /medical-forms/fill: one
 * employee's declaration, and a policy's employees at once. An id or email matching no employee of the
 * company is its 400 (code 40022) naming it.
 */
@ApiTags('SME medical')
@PartnerApi(MEDICAL_PRODUCT)
@Controller(MEDICAL_API)
export class MedicalDeclarationRoutesController {
  constructor(
    private readonly fill: FillDeclarationsUseCase,
    private readonly employees: MedicalEmployeeRepository,
    private readonly policies: MedicalPolicyRepository,
    private readonly reads: MedicalPolicyReads,
  ) {}

  @Put('companies/:companyId/employees/:employeeId/declaration')
  @RateLimit('POST /medical/medical-forms/fill')
  @ApiOperation({
    summary: "Fill one employee's health declaration",
    description:
      "`employeeId` is the employee's national id, iqama id or email. Body `{consent: true, answers}` with every question answered (GET /medical-forms). " +
      'Answers the declaration (`answers`, `consent`, `filled_at`) and `pending_declarations`, the names still to declare. 400 (40022) when no employee matches. ' +
      'Rate limit: 60 per minute.',
  })
  @Responds(200, medicalDeclarationFilledShape, 'The declaration and who is still to declare.')
  @ApiErrors(400, 404, 422)
  async declareOne(
    @CurrentPartner() partner: Partner,
    @Param({ schema: employeeParams }) p: z.output<typeof employeeParams>,
    @Body({ schema: oneDeclaration }) body: z.output<typeof oneDeclaration>,
  ): Promise<MedicalDeclarationFilledOut> {
    const id = p.employeeId.toLowerCase();
    await this.fill.execute(partner.clientId, { company_id: p.companyId, ids_or_emails: [{ id_or_email: id, answers: body.answers }] }, 'reject');
    const staff = await this.employees.list(p.companyId);
    const employee = staff.find((e) => e.personId === id || e.email === id);
    if (!employee?.declaration) throw new ApiError('NO_MATCHING_EMPLOYEE', `No employee of this company matches: ${p.employeeId}.`);
    return {
      health_declaration: {
        answers: employee.declaration as MedicalDeclarationFilledOut['health_declaration']['answers'],
        consent: true,
        filled_at: formatNullableDateTime(employee.declaredAt),
      },
      pending_declarations: staff.filter((e) => !e.declaration).map((e) => e.name),
    };
  }

  @Post('policies/:policyId/declarations')
  @HttpCode(200)
  @RateLimit('POST /medical/medical-forms/fill')
  @ApiOperation({
    summary: "Fill the health declarations of a policy's company",
    description:
      "As POST /medical-forms/fill for the policy's company: `all_employees` answers for everyone, `ids_or_emails` entries overriding them for one employee. " +
      'Answers the medical policy, whose `pending_declarations` and `payment_link` follow. 400 (40022) naming an id or email that is no employee. Rate limit: 60 per minute.',
  })
  @Responds(200, medicalPolicyShape, 'The medical policy.')
  @ApiErrors(400, 404, 422)
  async declareForPolicy(
    @CurrentPartner() partner: Partner,
    @Param({ schema: policyParam }) p: z.output<typeof policyParam>,
    @Body({ schema: policyDeclarations }) body: z.output<typeof policyDeclarations>,
  ) {
    const policy = await this.policies.findForClient(partner.clientId, p.policyId);
    if (!policy) throw ApiError.notFound('No medical policy with this id.');
    await this.fill.execute(partner.clientId, { company_id: policy.companyId, ...body }, 'reject');
    return (await this.reads.present(partner.clientId, [policy]))[0];
  }
}
