import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiProduces, ApiResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, Clock, type ErrorDetails, formatNullableDateTime, intId, issuesToDetails, requestBodySchema, z } from '@lib/common';
import { can } from '@lib/common/permissions';
import { Actor, AdminApi, Allow, CurrentStaff } from '../../../platform/admin/auth/admin-api.decorator';
import type { Staff } from '../../../platform/admin/auth/staff-request';
import { AuditActor, AuditTrail } from '../../../platform/admin/audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../../../platform/admin/list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../../../platform/admin/list/list-query';
import { listResponse } from '../../../platform/admin/list/list-response';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { MedicalBilling } from '../billing/medical-billing';
import { presentCompany } from '../companies/company.presenter';
import { MedicalCompanyRepository } from '../companies/medical-company.repository';
import { presentEmployee } from '../employees/employee.presenter';
import { validateEmployeeList } from '../employees/employee.schema';
import { MedicalEmployeeRepository } from '../employees/medical-employee.repository';
import { renderMedicalForms } from '../forms/medical-form-document';
import { EditEmployeeUseCase, employeeSummary } from '../employees/edit-employee.use-case';
import { FillDeclarationsUseCase } from '../forms/fill-declarations.use-case';
import { answersSchema, presentQuestions } from '../forms/medical-form.questions';
import type { DeclarationAnswers } from '../forms/medical-form.questions';
import { presentMedicalPolicy } from '../policies/medical-policy.presenter';
import { MedicalPolicyRepository } from '../policies/medical-policy.repository';
import { employeeCsvTemplate, employeeListCsv, MAX_CSV_BYTES, parseEmployeeCsv, problemsFromDetails } from './employee-csv';
import { personalDataFor } from '../../../platform/admin/pii/personal-data';
import { Responds, shapeRef } from '../../../platform/openapi/responds.decorator';
import { type MedicalEmployeeOut, medicalEmployeeShape } from '../employees/employee.response';
import type { MedicalPaymentLinkOut } from '../billing/medical-billing.response';
import {
  type AdminMedicalCompanyEmployeeOut,
  type AdminMedicalCompanyOut,
  type AdminMedicalCompanyRowOut,
  type AdminMedicalDeclarationFilledOut,
  type AdminMedicalDeclarationQuestionsOut,
  type AdminMedicalEmployeeCsvPreviewOut,
  adminMedicalCompanyRowShape,
  adminMedicalCompanyShape,
  adminMedicalDeclarationFilledShape,
  adminMedicalDeclarationQuestionsShape,
  adminMedicalEmployeeCsvPreviewShape,
  adminMedicalEmployeeImportErrorShape,
  adminMedicalEmployeeRemovedShape,
  adminMedicalEmployeesImportedShape,
  adminMedicalPaymentLinkErrorShape,
} from './admin-medical-companies.response';
import { medicalPaymentLinkShape } from '../billing/medical-billing.response';

const SORTABLE = ['id', 'created_at', 'name'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({
    id: idFilter,
    q: z.string().trim().max(255).optional(),
    client_id: z.uuid().optional(),
    missing_declarations: z.boolean().optional(),
    payment_due: z.boolean().optional(),
  }),
});
const idParam = z.strictObject({ id: intId });
const employeeParam = z.strictObject({ id: intId, employeeId: intId });
const reasonField = z
  .string({ error: 'The reason field is required.' })
  .trim()
  .min(1, 'The reason field is required.')
  .max(500, 'The reason may not be greater than 500 characters.');
const reasonBody = z.strictObject({ reason: reasonField });
const declarationBody = z.strictObject({ reason: reasonField, answers: answersSchema });
const EMPLOYEE_BODY_DOC = {
  type: 'object',
  required: ['reason', 'name', 'nationality_iso', 'date_of_birth', 'mobile_number', 'category'],
  description: "One employee as in the partner API's list (PUT /api/v1/medical/companies/{id}/employees), plus `reason` (why, for the audit log).",
  example: {
    reason: 'New hire',
    name: 'Amina Hassan',
    nationality_iso: 'EG',
    iqama_id: '2098765432',
    date_of_birth: '1990-04-15',
    gender: 'female',
    mobile_number: '0587654321',
    category: 'basic',
    dependents: [],
  },
};

/** `{reason, ...employee}`: the reason's own problem joins the employee's, so one 422 names every field. */
function splitReason(body: unknown): { reason: string; employee: Record<string, unknown>; details: ErrorDetails } {
  const { reason, ...employee } = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const parsed = reasonField.safeParse(reason);
  return { reason: parsed.success ? parsed.data : '', employee, details: parsed.success ? {} : issuesToDetails(parsed.error.issues, 'reason') };
}
const csvBody = z.strictObject({
  csv: z.string({ error: 'The csv field is required.' }).min(1, 'The csv field is required.').max(MAX_CSV_BYTES, 'The CSV file may not be larger than 512 KB.'),
});

/** The console's SME medical companies: employees and their declarations, CSV import, payment links, forms. */
@AdminApi('medical-companies')
@Controller('admin/api/medical-companies')
export class AdminMedicalCompaniesController {
  constructor(
    private readonly companies: MedicalCompanyRepository,
    private readonly employees: MedicalEmployeeRepository,
    private readonly policies: MedicalPolicyRepository,
    private readonly billing: MedicalBilling,
    private readonly edit: EditEmployeeUseCase,
    private readonly fill: FillDeclarationsUseCase,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  private async found(id: number) {
    const c = await this.companies.findAny(id);
    if (!c) throw ApiError.notFound(`No medical company with id ${id}.`);
    return c;
  }

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List medical companies', description: `Every client's, with employee count and amount due. ${LIST_CONVENTION}` })
  @ApiList(
    'medical-companies',
    SORTABLE,
    'id, q (name or commercial registration), client_id, missing_declarations (true: an employee still to declare), payment_due (true: something owed)',
    adminMedicalCompanyRowShape,
  )
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    let ids = idsOf(f.id)
      ?.map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    // the dashboard's figures link here: the same companies it counted
    const keep = (found: number[]) => (ids = ids ? ids.filter((i) => found.includes(i)) : found);
    if (f.missing_declarations) keep((await this.employees.undeclared()).companyIds);
    if (f.payment_due) keep((await this.policies.dueByCompany()).map((d) => d.companyId));
    const [rows, total] = await this.companies.adminPage({ ids, clientId: f.client_id, q: f.q }, orderBy(q.sort, { created_at: 'createdAt' }), q.skip, q.take);
    const counts = await this.employees.countsOf(rows.map((c) => c.id));
    const due = await this.billing.dueOfPage(rows.map((c) => c.id));
    const out = rows.map((c): AdminMedicalCompanyRowOut => {
      const n = counts.get(c.id)!;
      return { ...presentCompany(c), employee_count: n.employees, undeclared_count: n.undeclared, payment_due: due.get(c.id)!.payment };
    });
    return listResponse(reply, 'medical-companies', out, total, q.skip);
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({
    summary: 'Show a medical company',
    description: 'With its employees (tier, declaration status), policies and the amount due. Ids and birthdates masked without read_pii.',
  })
  @Responds(200, adminMedicalCompanyShape, 'The company.')
  @ApiErrors(404)
  async show(@CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>): Promise<AdminMedicalCompanyOut> {
    const c = await this.found(p.id);
    const pii = can(staff.role, 'read_pii', 'medical-companies');
    const show = personalDataFor(staff.role, 'medical-companies');
    const now = this.clock.now();
    const employees = (await this.employees.list(c.id)).map((e): AdminMedicalCompanyEmployeeOut => {
      const shown = presentEmployee(e, now);
      const declared = shown.health_declaration !== null;
      if (pii) return { ...shown, declared };
      return {
        ...shown,
        nationality_id: show(shown.nationality_id ?? null) ?? undefined,
        iqama_id: show(shown.iqama_id ?? null) ?? undefined,
        date_of_birth: show(shown.date_of_birth),
        email: show(shown.email),
        mobile_number: show(shown.mobile_number),
        dependents: shown.dependents.length,
        health_declaration: null,
        declared,
      };
    });
    const policies = (await this.policies.list(c.clientId, c.id)).map((p) => presentMedicalPolicy(p));
    const due = await this.billing.due(c.clientId, c.id);
    return { ...presentCompany(c), email_address: show(c.emailAddress), phone_number: show(c.phoneNumber), employees, policies, payment_due: due };
  }

  @Post(':id/employees/preview')
  @HttpCode(200)
  @Allow('import_employees')
  @ApiOperation({
    summary: 'Preview a CSV employee list',
    description:
      'Checks a CSV (columns name, nationality_iso, nationality_id, iqama_id, date_of_birth, gender, email, mobile_number, category, is_married, relationship, employee_id; ' +
      "a line with relationship and employee_id is that employee's dependent) with the partner API's rules and answers every problem by CSV line. Saves nothing.",
  })
  @ApiBody({ schema: requestBodySchema(csvBody) })
  @Responds(200, adminMedicalEmployeeCsvPreviewShape, 'Whether the file would import, the employees as read and every problem by CSV line.')
  @ApiErrors(404, 422)
  async preview(
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body({ schema: csvBody }) body: z.infer<typeof csvBody>,
  ): Promise<AdminMedicalEmployeeCsvPreviewOut> {
    await this.found(p.id);
    return this.check(body.csv);
  }

  @Post(':id/employees/import')
  @HttpCode(200)
  @Allow('import_employees')
  @ApiOperation({
    summary: 'Import a CSV employee list',
    description: "Replaces the company's list with the CSV, all or nothing: 422 with every problem by line (as the preview) when any line is bad. Audited.",
  })
  @ApiBody({ schema: requestBodySchema(csvBody) })
  @Responds(200, adminMedicalEmployeesImportedShape, 'The number of employees now on the list.')
  @ApiResponse({
    status: 422,
    description: 'Validation failed: `details.csv` and `problems` name every problem by CSV line; nothing was saved.',
    schema: shapeRef(adminMedicalEmployeeImportErrorShape),
  })
  @ApiErrors(404)
  async import(@Actor() actor: AuditActor, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @Body({ schema: csvBody }) body: z.infer<typeof csvBody>) {
    const c = await this.found(p.id);
    const checked = this.check(body.csv);
    if (!checked.valid) {
      const first = checked.problems[0];
      throw new ApiError(
        'VALIDATION_FAILED',
        `${checked.problems.length} problem${checked.problems.length === 1 ? '' : 's'} in the file (first: line ${first.line}, ${first.field}: ${first.message}); nothing was saved.`,
        { csv: checked.problems.map((x) => `Line ${x.line}, ${x.field}: ${x.message}`) },
        {},
        { problems: checked.problems },
      );
    }
    const before = (await this.employees.countsOf([c.id])).get(c.id)!.employees;
    const result = validateEmployeeList({ employees: checked.employees }, this.clock.now());
    const saved = await this.audit.run(actor, async (tx) => {
      const list = await this.employees.replace(c.id, result.employees, this.clock.now(), tx);
      return {
        result: list,
        audit: {
          action: 'medical-companies.import_employees',
          resource: 'medical-companies',
          resourceId: String(c.id),
          before: { employees: before },
          after: { employees: list.length },
        },
      };
    });
    return { saved: saved.length };
  }

  @Post(':id/payment-link')
  @HttpCode(200)
  @Allow('payment_link')
  @ApiOperation({
    summary: "Generate the company's payment link",
    description:
      "As the partner API's GET /payment-link (15 minutes, all unissued policies). 422 names who is still to declare (also as `undeclared_employees` [{id, name}]), " +
      'a policy issued for an earlier list (`stale_policy_ids`), or that nothing is owed. Audited.',
  })
  @Responds(200, medicalPaymentLinkShape, "The link, as the partner API's GET /payment-link answers it.")
  @ApiResponse({
    status: 422,
    description: 'Refused: `details` says why, `undeclared_employees` who is still to declare, `stale_policy_ids` the policies issued for an earlier list.',
    schema: shapeRef(adminMedicalPaymentLinkErrorShape),
  })
  @ApiErrors(404)
  async paymentLink(@Actor() actor: AuditActor, @Param({ schema: idParam }) p: z.infer<typeof idParam>): Promise<MedicalPaymentLinkOut> {
    const c = await this.found(p.id);
    const link = await this.billing.link(c.clientId, c.id, 'console');
    await this.audit.run(actor, async () => ({
      result: null,
      audit: {
        action: 'medical-companies.payment_link',
        resource: 'medical-companies',
        resourceId: String(c.id),
        after: { amount: link.amount, policy_ids: link.policy_ids, expires_at: link.expires_at },
      },
    }));
    return link;
  }

  @Get('declaration-questions')
  @Allow('read')
  @ApiOperation({
    summary: 'The health declaration questions',
    description:
      "The partner API's GET /medical-forms questions as one flat list (`required` false for the optional one) and the chronic conditions, English and Arabic.",
  })
  @Responds(200, adminMedicalDeclarationQuestionsShape, 'The questions and the chronic conditions.')
  questions(): AdminMedicalDeclarationQuestionsOut {
    return presentQuestions();
  }

  @Post(':id/employees')
  @Allow('edit_employees')
  @ApiOperation({
    summary: 'Add one employee',
    description:
      "The partner API's employee rules (PUT /companies/{id}/employees) on one employee, ids and emails unique in the company's list; added at the end without a declaration. " +
      "422 names every bad field as the employee's own (`date_of_birth`, `dependents.0.iqama_id`, `reason`); nothing is saved then. Audited with the reason, in the same transaction.",
  })
  @ApiBody({ schema: EMPLOYEE_BODY_DOC })
  @Responds(201, medicalEmployeeShape, 'The employee added, as the partner API lists it.')
  @ApiErrors(404, 422)
  async addEmployee(@Actor() actor: AuditActor, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @Body() body: unknown): Promise<MedicalEmployeeOut> {
    const c = await this.found(p.id);
    const { reason, employee, details } = splitReason(body);
    return this.audit.run(actor, async (tx) => {
      const r = await this.edit.add(tx, c.id, employee, details);
      return { result: r.shown, audit: this.employeeAudit('medical-companies.add_employee', c.id, reason, null, employeeSummary(r.after)) };
    });
  }

  @Put(':id/employees/:employeeId')
  @Allow('edit_employees')
  @ApiOperation({
    summary: 'Correct one employee',
    description:
      "Replaces the employee's fields (the whole employee, dependents included) under the same rules as adding. The health declaration stays when the id stays; " +
      'another id is another person, whose declaration is then missing. 404 for no such employee of the company; 422 as adding. Audited with the reason.',
  })
  @ApiBody({ schema: EMPLOYEE_BODY_DOC })
  @Responds(200, medicalEmployeeShape, 'The employee corrected, as the partner API lists it.')
  @ApiErrors(404, 422)
  async updateEmployee(
    @Actor() actor: AuditActor,
    @Param({ schema: employeeParam }) p: z.infer<typeof employeeParam>,
    @Body() body: unknown,
  ): Promise<MedicalEmployeeOut> {
    const c = await this.found(p.id);
    const { reason, employee, details } = splitReason(body);
    return this.audit.run(actor, async (tx) => {
      const r = await this.edit.update(tx, c.id, p.employeeId, employee, details);
      return {
        result: r.shown,
        audit: this.employeeAudit('medical-companies.update_employee', c.id, reason, employeeSummary(r.before), employeeSummary(r.after)),
      };
    });
  }

  @Post(':id/employees/:employeeId/removal')
  @HttpCode(200)
  @Allow('edit_employees')
  @ApiOperation({
    summary: 'Remove one employee',
    description:
      'Takes the employee (and dependents) off the list. The list keeps at least one employee (422 on `id`). 404 for no such employee. Audited with the reason.',
  })
  @ApiBody({ schema: requestBodySchema(reasonBody) })
  @Responds(200, adminMedicalEmployeeRemovedShape, 'The employee removed.')
  @ApiErrors(404, 422)
  async removeEmployee(
    @Actor() actor: AuditActor,
    @Param({ schema: employeeParam }) p: z.infer<typeof employeeParam>,
    @Body({ schema: reasonBody }) body: z.infer<typeof reasonBody>,
  ) {
    const c = await this.found(p.id);
    return this.audit.run(actor, async (tx) => {
      const r = await this.edit.remove(tx, c.id, p.employeeId);
      return {
        result: { removed: p.employeeId },
        audit: this.employeeAudit('medical-companies.remove_employee', c.id, body.reason, employeeSummary(r.before), null),
      };
    });
  }

  @Put(':id/employees/:employeeId/declaration')
  @Allow('edit_employees')
  @ApiOperation({
    summary: "Fill or correct one employee's health declaration",
    description:
      "As the partner API's PUT /companies/{id}/employees/{employeeId}/declaration (the same use case and rules): every question answered (GET declaration-questions), " +
      '422 naming each `answers.<question>` otherwise. Replaces a declaration already filled. Answers the declaration and who is still to declare. Audited with the reason.',
  })
  @ApiBody({ schema: requestBodySchema(declarationBody) })
  @Responds(200, adminMedicalDeclarationFilledShape, 'The declaration filled, and who is still to declare.')
  @ApiErrors(404, 422)
  async declare(
    @Actor() actor: AuditActor,
    @Param({ schema: employeeParam }) p: z.infer<typeof employeeParam>,
    @Body({ schema: declarationBody }) body: z.infer<typeof declarationBody>,
  ): Promise<AdminMedicalDeclarationFilledOut> {
    const c = await this.found(p.id);
    const employee = await this.employees.findOne(c.id, p.employeeId);
    if (!employee) throw ApiError.notFound(`No employee with id ${p.employeeId} in this company.`);
    // the partner route's checks, then the save and its audit row in one transaction
    const plan = await this.fill.plan(c.clientId, { company_id: c.id, ids_or_emails: [{ id_or_email: employee.personId, answers: body.answers }] }, 'reject');
    return this.audit.run(actor, async (tx) => {
      const before = await this.edit.require(tx, c.id, p.employeeId);
      const filled = await this.fill.commit(plan, tx);
      const after = await this.edit.require(tx, c.id, p.employeeId);
      return {
        result: {
          health_declaration: {
            answers: after.declaration as AdminMedicalDeclarationFilledOut['health_declaration']['answers'],
            filled_at: formatNullableDateTime(after.declaredAt),
          },
          pending_declarations: filled.pending_declarations,
        },
        audit: this.employeeAudit(
          'medical-companies.declare',
          c.id,
          body.reason,
          { employee_id: before.id, name: before.name, declaration: before.declaration },
          { employee_id: after.id, declaration: after.declaration },
        ),
      };
    });
  }

  private employeeAudit(action: string, companyId: number, reason: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
    return { action, resource: 'medical-companies', resourceId: String(companyId), before, after: { ...(after ?? {}), reason } };
  }

  @Get('employees-template.csv')
  @Allow('read')
  @ApiOperation({
    summary: 'The employee CSV template',
    description: "The import's columns with two example lines (a Saudi employee with a spouse, a resident).",
  })
  @ApiProduces('text/csv')
  @ApiResponse({ status: 200, description: 'The template, a CSV file.', content: { 'text/csv': { schema: { type: 'string' } } } })
  employeesTemplate(@Res() reply: FastifyReply) {
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="employees-template.csv"')
      .send(employeeCsvTemplate());
  }

  @Get(':id/employees.csv')
  @Allow('read_pii')
  @ApiOperation({
    summary: 'Export the employee list as CSV',
    description: "In the import's own format, dependents after their employee: edit it and import it back.",
  })
  @ApiProduces('text/csv')
  @ApiResponse({
    status: 200,
    description: "The company's saved employees, a CSV file in the template's columns.",
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiErrors(404)
  async employeesCsv(@Param({ schema: idParam }) p: z.infer<typeof idParam>, @Res() reply: FastifyReply) {
    const c = await this.found(p.id);
    const csv = employeeListCsv(await this.employees.list(c.id));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="employees-company-${c.id}.csv"`)
      .send(csv);
  }

  @Get(':id/forms.pdf')
  @Allow('read_pii')
  @ApiOperation({ summary: 'Download the pre-filled declaration forms', description: "One page per employee, as the partner API's /medical-forms/download." })
  @ApiProduces('application/pdf')
  @ApiResponse({ status: 200, description: 'The forms, a PDF file.', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(404, 422)
  async forms(@Param({ schema: idParam }) p: z.infer<typeof idParam>, @Res() reply: FastifyReply) {
    const c = await this.found(p.id);
    const staff = await this.employees.list(c.id);
    if (!staff.length) throw ApiError.field('id', 'The company has no saved employees.');
    const pdf = await renderMedicalForms(
      { name: c.name, nameAr: c.nameAr, commercialRegistrationNumber: c.commercialRegistrationNumber },
      staff.map((e) => ({
        name: e.name,
        personId: e.personId,
        dateOfBirth: e.dateOfBirth,
        category: e.category,
        answers: (e.declaration as DeclarationAnswers | null) ?? null,
      })),
      this.clock.now(),
    );
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="health-declarations-company-${c.id}.pdf"`)
      .send(pdf);
  }

  private check(csv: string): AdminMedicalEmployeeCsvPreviewOut {
    const parsed = parseEmployeeCsv(csv);
    // the cells as read: strings, is_married and the dependents' list (parseEmployeeCsv builds nothing else)
    const employees = parsed.employees as AdminMedicalEmployeeCsvPreviewOut['employees'];
    if (parsed.problems.length) return { valid: false, employees, problems: parsed.problems };
    const result = validateEmployeeList({ employees: parsed.employees }, this.clock.now());
    const problems = problemsFromDetails(result.details, parsed.lines);
    return { valid: problems.length === 0, employees, problems };
  }
}
