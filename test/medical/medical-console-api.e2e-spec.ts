import { auditRows, signIn } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { createCompany, NO_ANSWERS, paidMedicalPolicy, pdfPages, putEmployees, RESIDENT, SAUDI } from './medical-kit';

const HEADER = 'name,nationality_iso,nationality_id,iqama_id,date_of_birth,gender,email,mobile_number,category,is_married,relationship,employee_id';
const GOOD = [
  HEADER,
  'Khalid Al-Otaibi,SA,1012345678,,1405-03-10,male,khalid@najd.example,0512345678,standard,yes,,',
  'Noura Al-Otaibi,SA,1023456789,,1408-01-01,female,,,,,spouse,1012345678',
  '"Hassan, Amina",EG,,2098765432,1990-04-15,female,amina@najd.example,0587654321,executive,no,,',
].join('\n');

describe('SME medical in the console (admin API)', () => {
  let env: MotorTestEnv;
  let token: string;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    token = (await env.app.partner(['sme-medical'])).token;
  });
  afterAll(() => env.close());

  it('previews a CSV import with every problem by line, then imports it all or nothing (audited)', async () => {
    const am = await signIn(env.app, 'account_manager');
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000041' });
    const bad = [HEADER, 'Khalid,SA,1012345678,,1405-13-10,male,,0512345678,gold,yes,,', 'Kid,SA,1034567890,,1440-02-01,male,,,,,child,1999999999'].join('\n');
    const preview = await am.call(`/admin/api/medical-companies/${company.id}/employees/preview`, { json: { csv: bad } });
    expect(preview.status).toBe(200);
    expect(preview.body.valid).toBe(false);
    expect(preview.body.problems.map((p: any) => [p.line, p.field])).toEqual([[3, 'employee_id']]);
    const rules = [HEADER, 'Khalid,SA,1012345678,,1405-13-10,male,,0512345678,gold,yes,,'].join('\n');
    const previewRules = (await am.call(`/admin/api/medical-companies/${company.id}/employees/preview`, { json: { csv: rules } })).body;
    expect(previewRules.problems.map((p: any) => [p.line, p.field]).sort()).toEqual([
      [2, 'category'],
      [2, 'date_of_birth'],
    ]);
    const refused = await am.call(`/admin/api/medical-companies/${company.id}/employees/import`, { json: { csv: rules } });
    expect(refused.status).toBe(422);
    expect(await env.app.db.prisma.medicalEmployee.count({ where: { companyId: company.id } })).toBe(0);

    // a line with more cells than the header (an unquoted comma in the name) is that line's error, not a shifted row
    const shifted = [HEADER, GOOD.split('\n')[1], 'Hassan, Amina,EG,,2098765432,1990-04-15,female,amina@najd.example,0587654321,executive,no,,'].join('\n');
    const previewShifted = (await am.call(`/admin/api/medical-companies/${company.id}/employees/preview`, { json: { csv: shifted } })).body;
    expect(previewShifted.valid).toBe(false);
    expect(previewShifted.problems).toEqual([
      { line: 3, field: 'line', message: expect.stringMatching(/^The line has 13 cells but the header has 12 columns/) },
    ]);
    expect((await am.call(`/admin/api/medical-companies/${company.id}/employees/import`, { json: { csv: shifted } })).status).toBe(422);
    expect(await env.app.db.prisma.medicalEmployee.count({ where: { companyId: company.id } })).toBe(0);

    const good = (await am.call(`/admin/api/medical-companies/${company.id}/employees/preview`, { json: { csv: GOOD } })).body;
    expect(good).toMatchObject({ valid: true, problems: [] });
    const imported = await am.call(`/admin/api/medical-companies/${company.id}/employees/import`, { json: { csv: GOOD } });
    expect(imported.body).toEqual({ saved: 2 });
    const shown = (await am.call(`/admin/api/medical-companies/${company.id}`)).body;
    expect(shown.employees.map((e: any) => [e.name, e.category, e.declared, e.dependents.length])).toEqual([
      ['Khalid Al-Otaibi', 'standard', false, 1],
      ['Hassan, Amina', 'executive', false, 0],
    ]);
    expect((await auditRows(env.app)).map((r) => r.action)).toContain('medical-companies.import_employees');
  });

  it('generates a payment link or says why not, in plain words; downloads the forms; lists policies with claims', async () => {
    const am = await signIn(env.app, 'account_manager');
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000042' });
    await putEmployees(env.app, token, company.id, [SAUDI, RESIDENT]);
    const nothing = await am.call(`/admin/api/medical-companies/${company.id}/payment-link`, { method: 'POST' });
    expect(nothing.status).toBe(422);
    expect(nothing.body.details.company_id[0]).toMatch(/Nothing is owed/);
    const quote = (await env.app.request('/api/v1/medical/quote-requests', { token, json: { company_id: company.id } })).body;
    await env.app.request('/api/v1/medical/policies', { token, json: { quote_request_id: quote.id, quote_price_id: quote.quotes[0].quote_price_id } });
    const undeclared = await am.call(`/admin/api/medical-companies/${company.id}/payment-link`, { method: 'POST' });
    expect(undeclared.body.details.employees[0]).toContain(`Still to declare: ${SAUDI.name}, ${RESIDENT.name}`);
    await env.app.request('/api/v1/medical/medical-forms/fill', { token, json: { company_id: company.id, all_employees: NO_ANSWERS } });
    const link = await am.call(`/admin/api/medical-companies/${company.id}/payment-link`, { method: 'POST' });
    expect(link.status).toBe(200);
    expect(link.body.payment_link).toMatch(/\/pay\//);

    const res = await fetch(`${env.app.url}/admin/api/medical-companies/${company.id}/forms.pdf`, { headers: { Cookie: am.cookie } });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(pdfPages(Buffer.from(await res.arrayBuffer()))).toBe(2);

    const list = await am.call('/admin/api/medical-companies');
    expect(list.body.find((c: any) => c.id === company.id)).toMatchObject({ employee_count: 2, undeclared_count: 0, payment_due: quote.quotes[0].total_price });
    const policies = await am.call(`/admin/api/medical-policies?filter=${encodeURIComponent(JSON.stringify({ company_id: company.id }))}`);
    expect(policies.body).toHaveLength(1);
    expect(policies.body[0]).toMatchObject({ status: 0, claims: [] });
  });

  it('lets each role do only what the permissions grant', async () => {
    const { company } = await paidMedicalPolicy(env.app, token, '7000000043');
    const handler = await signIn(env.app, 'claims_handler');
    expect((await handler.call('/admin/api/medical-companies')).status).toBe(403);
    expect((await handler.call(`/admin/api/medical-companies/${company.id}/payment-link`, { method: 'POST' })).status).toBe(403);
    expect((await handler.call('/admin/api/medical-policies')).status).toBe(200);
    const ops = await signIn(env.app, 'operations');
    expect((await ops.call(`/admin/api/medical-companies/${company.id}`)).body.employees[0].nationality_id).toBe(SAUDI.nationality_id);
  });
});
