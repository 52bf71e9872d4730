import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, Clock, intId, z } from '@lib/common';
import { can } from '@lib/common/permissions';
import { Actor, AdminApi, Allow, CurrentStaff } from '../../admin/auth/admin-api.decorator';
import type { Staff } from '../../admin/auth/staff-request';
import { AuditActor, AuditTrail } from '../../admin/audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../../admin/list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../../admin/list/list-query';
import { listResponse } from '../../admin/list/list-response';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { MedicalBilling } from '../billing/medical-billing';
import { presentCompany } from '../companies/company.presenter';
import { MedicalCompanyRepository } from '../companies/medical-company.repository';
import { presentEmployee } from '../employees/employee.presenter';
import { validateEmployeeList } from '../employees/employee.schema';
import { MedicalEmployeeRepository } from '../employees/medical-employee.repository';
import { renderMedicalForms } from '../forms/medical-form-document';
import type { DeclarationAnswers } from '../forms/medical-form.questions';
import { presentMedicalPolicy } from '../policies/medical-policy.presenter';
import { MedicalPolicyRepository } from '../policies/medical-policy.repository';
import { employeeCsvTemplate, employeeListCsv, MAX_CSV_BYTES, parseEmployeeCsv, problemsFromDetails } from './employee-csv';
import { personalDataFor } from '../../admin/pii/personal-data';

const SORTABLE = ['id', 'created_at', 'name'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({ id: idFilter, q: z.string().trim().max(255).optional(), client_id: z.uuid().optional() }),
});
const idParam = z.strictObject({ id: intId });
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
  @ApiList('medical-companies', SORTABLE, 'id, q (name or commercial registration), client_id')
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const ids = idsOf(f.id)
      ?.map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    const [rows, total] = await this.companies.adminPage({ ids, clientId: f.client_id, q: f.q }, orderBy(q.sort, { created_at: 'createdAt' }), q.skip, q.take);
    const counts = await this.employees.countsOf(rows.map((c) => c.id));
    // What is due needs each company's own billing rules (unissued policies, the open link): one read each.
    const out = await Promise.all(
      rows.map(async (c) => {
        const due = await this.billing.due(c.clientId, c.id);
        const n = counts.get(c.id)!;
        return { ...presentCompany(c), employee_count: n.employees, undeclared_count: n.undeclared, payment_due: due.payment };
      }),
    );
    return listResponse(reply, 'medical-companies', out, total, q.skip);
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({
    summary: 'Show a medical company',
    description: 'With its employees (tier, declaration status), policies and the amount due. Ids and birthdates masked without read_pii.',
  })
  @ApiOkResponse({ description: 'The company.' })
  @ApiErrors(404)
  async show(@CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const c = await this.found(p.id);
    const pii = can(staff.role, 'read_pii', 'medical-companies');
    const show = personalDataFor(staff.role, 'medical-companies');
    const now = this.clock.now();
    const employees = (await this.employees.list(c.id)).map((e) => {
      const shown = presentEmployee(e, now);
      const declared = shown.health_declaration !== null;
      if (pii) return { ...shown, declared };
      return {
        ...shown,
        nationality_id: show((shown as Record<string, string | null>).nationality_id) ?? undefined,
        iqama_id: show((shown as Record<string, string | null>).iqama_id) ?? undefined,
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
  @ApiBody({ schema: z.toJSONSchema(csvBody, { target: 'openapi-3.0', io: 'input' }) as object })
  @ApiOkResponse({ description: '`{valid, employees, problems[{line, field, message}]}`' })
  @ApiErrors(404, 422)
  async preview(@Param({ schema: idParam }) p: z.infer<typeof idParam>, @Body({ schema: csvBody }) body: z.infer<typeof csvBody>) {
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
  @ApiBody({ schema: z.toJSONSchema(csvBody, { target: 'openapi-3.0', io: 'input' }) as object })
  @ApiOkResponse({ description: '`{saved}`: the number of employees now on the list.' })
  @ApiErrors(404, 422)
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
    const saved = await this.employees.replace(c.id, result.employees, this.clock.now());
    await this.audit.run(actor, async () => ({
      result: null,
      audit: {
        action: 'medical-companies.import_employees',
        resource: 'medical-companies',
        resourceId: String(c.id),
        before: { employees: before },
        after: { employees: saved.length },
      },
    }));
    return { saved: saved.length };
  }

  @Post(':id/payment-link')
  @HttpCode(200)
  @Allow('payment_link')
  @ApiOperation({
    summary: "Generate the company's payment link",
    description:
      "As the partner API's GET /payment-link (15 minutes, all unissued policies). 422 names who is still to declare, or that nothing is owed. Audited.",
  })
  @ApiOkResponse({ description: 'The link.' })
  @ApiErrors(404, 422)
  async paymentLink(@Actor() actor: AuditActor, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const c = await this.found(p.id);
    const link = await this.billing.link(c.clientId, c.id);
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

  @Get('employees-template.csv')
  @Allow('read')
  @ApiOperation({
    summary: 'The employee CSV template',
    description: "The import's columns with two example lines (a Saudi employee with a spouse, a resident).",
  })
  @ApiProduces('text/csv')
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

  private check(csv: string) {
    const parsed = parseEmployeeCsv(csv);
    if (parsed.problems.length) return { valid: false, employees: parsed.employees, problems: parsed.problems };
    const result = validateEmployeeList({ employees: parsed.employees }, this.clock.now());
    const problems = problemsFromDetails(result.details, parsed.lines);
    return { valid: problems.length === 0, employees: parsed.employees, problems };
  }
}
