import { auditRows, signIn } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { createCompany, NO_ANSWERS, putEmployees, RESIDENT, SAUDI } from './medical-kit';

const NEW_HIRE = {
  name: 'Omar Saleh',
  nationality_iso: 'JO',
  iqama_id: '2011122233',
  date_of_birth: '1988-09-01',
  gender: 'male',
  mobile_number: '0501112223',
  category: 'basic',
  dependents: [],
};

describe('SME medical in the console: one employee at a time (admin API)', () => {
  let env: MotorTestEnv;
  let token: string;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    token = (await env.app.partner(['sme-medical'])).token;
  });
  afterAll(() => env.close());

  const employeesOf = (companyId: number) => env.app.db.prisma.medicalEmployee.findMany({ where: { companyId }, orderBy: { position: 'asc' } });

  it('adds, corrects and removes one employee under the partner rules, each audited with who and why in the same transaction', async () => {
    const am = await signIn(env.app, 'account_manager');
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000051' });
    await putEmployees(env.app, token, company.id, [SAUDI, RESIDENT]);
    const url = `/admin/api/medical-companies/${company.id}/employees`;

    // bad input: every field named as the employee's own, nothing written, no audit row
    const auditBefore = (await auditRows(env.app)).length;
    const bad = await am.call(url, { json: { ...NEW_HIRE, iqama_id: '1011122233', mobile_number: '123', category: 'gold', reason: '' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['category', 'iqama_id', 'mobile_number', 'reason']);
    const taken = await am.call(url, { json: { ...NEW_HIRE, iqama_id: RESIDENT.iqama_id, email: RESIDENT.email, reason: 'New hire' } });
    expect(taken.status).toBe(422);
    expect(taken.body.details.iqama_id[0]).toContain(RESIDENT.name);
    expect(taken.body.details.email[0]).toContain(RESIDENT.name);
    expect(await employeesOf(company.id)).toHaveLength(2);
    expect(await auditRows(env.app)).toHaveLength(auditBefore);

    const added = await am.call(url, { json: { ...NEW_HIRE, reason: 'New hire in November' } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: NEW_HIRE.name, iqama_id: NEW_HIRE.iqama_id, category: 'basic', health_declaration: null });
    expect((await employeesOf(company.id)).map((e) => e.name)).toEqual([SAUDI.name, RESIDENT.name, NEW_HIRE.name]);

    // a correction keeps the declaration of the same person
    await env.app.request('/api/v1/medical/medical-forms/fill', { token, json: { company_id: company.id, all_employees: NO_ANSWERS } });
    const amina = (await employeesOf(company.id))[1];
    const fixed = await am.call(`${url}/${amina.id}`, { method: 'PUT', json: { ...RESIDENT, category: 'premium', reason: 'Promoted' } });
    expect(fixed.status).toBe(200);
    const afterFix = await env.app.db.prisma.medicalEmployee.findUniqueOrThrow({ where: { id: amina.id } });
    expect([afterFix.category, afterFix.declaredAt !== null]).toEqual(['premium', true]);
    const badFix = await am.call(`${url}/${amina.id}`, { method: 'PUT', json: { ...RESIDENT, date_of_birth: '2020-01-01', reason: 'typo' } });
    expect(badFix.status).toBe(422);
    expect(Object.keys(badFix.body.details)).toEqual(['date_of_birth']);
    expect((await env.app.db.prisma.medicalEmployee.findUniqueOrThrow({ where: { id: amina.id } })).dateOfBirth).toBe(RESIDENT.date_of_birth);
    expect((await am.call(`${url}/999999`, { method: 'PUT', json: { ...RESIDENT, reason: 'x' } })).status).toBe(404);

    const newHire = (await employeesOf(company.id))[2];
    expect((await am.call(`${url}/${newHire.id}/removal`, { json: {} })).body.details.reason).toBeDefined();
    const removed = await am.call(`${url}/${newHire.id}/removal`, { json: { reason: 'Left the company' } });
    expect(removed.status).toBe(200);
    expect((await employeesOf(company.id)).map((e) => e.name)).toEqual([SAUDI.name, RESIDENT.name]);

    const rows = (await auditRows(env.app)).filter((r) => r.resourceId === String(company.id));
    expect(rows.map((r) => [r.action, r.staffEmail, (r.after as any)?.reason ?? (r.after as any)])).toEqual([
      ['medical-companies.add_employee', am.email, 'New hire in November'],
      ['medical-companies.update_employee', am.email, 'Promoted'],
      ['medical-companies.remove_employee', am.email, 'Left the company'],
    ]);
    expect(rows[1].before).toMatchObject({ category: 'executive' });
    expect(rows[1].after).toMatchObject({ category: 'premium' });
  });

  it('fills and corrects one health declaration with the partner rules; 422 names each missing answer', async () => {
    const am = await signIn(env.app, 'account_manager');
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000052' });
    await putEmployees(env.app, token, company.id, [SAUDI, RESIDENT]);
    const [khalid] = await employeesOf(company.id);
    const url = `/admin/api/medical-companies/${company.id}/employees/${khalid.id}/declaration`;

    const { smoking: _s, ...partial } = NO_ANSWERS;
    const missing = await am.call(url, { method: 'PUT', json: { reason: 'Phoned in', answers: partial } });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.details)).toEqual(['answers.smoking']);
    expect((await env.app.db.prisma.medicalEmployee.findUniqueOrThrow({ where: { id: khalid.id } })).declaredAt).toBeNull();

    const filled = await am.call(url, { method: 'PUT', json: { reason: 'Phoned in', answers: NO_ANSWERS } });
    expect(filled.status).toBe(200);
    expect(filled.body.pending_declarations).toEqual([expect.objectContaining({ name: RESIDENT.name })]);
    const corrected = await am.call(url, { method: 'PUT', json: { reason: 'He smokes after all', answers: { ...NO_ANSWERS, smoking: 'YES' } } });
    expect(corrected.status).toBe(200);
    expect((await env.app.db.prisma.medicalEmployee.findUniqueOrThrow({ where: { id: khalid.id } })).declaration).toMatchObject({
      smoking: 'Yes',
      allergies: 'No',
    });
    // the partner API sees the same declaration
    const listed = (await env.app.request(`/api/v1/medical/companies/${company.id}/employees`, { token })).body.employees[0];
    expect(listed.health_declaration.answers.smoking).toBe('Yes');

    const rows = (await auditRows(env.app)).filter((r) => r.action === 'medical-companies.declare' && r.resourceId === String(company.id));
    expect(rows.map((r) => (r.after as any).reason)).toEqual(['Phoned in', 'He smokes after all']);
    expect((rows[1].before as any).declaration.smoking).toBe('No');

    // the console's payment link refusal names who is left, in console words (no API route)
    const quote = (await env.app.request('/api/v1/medical/quote-requests', { token, json: { company_id: company.id } })).body;
    await env.app.request('/api/v1/medical/policies', { token, json: { quote_request_id: quote.id, quote_price_id: quote.quotes[0].quote_price_id } });
    const refused = await am.call(`/admin/api/medical-companies/${company.id}/payment-link`, { method: 'POST' });
    expect(refused.status).toBe(422);
    expect(refused.body.details.employees[0]).not.toMatch(/POST|\/medical-forms/);
    expect(refused.body.undeclared_employees).toEqual([expect.objectContaining({ name: RESIDENT.name })]);
  });

  it("refuses what a role may not do, and counts the account manager's work on the dashboard", async () => {
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000053' });
    await putEmployees(env.app, token, company.id, [SAUDI, RESIDENT]);
    const [khalid] = await employeesOf(company.id);
    const handler = await signIn(env.app, 'claims_handler');
    const url = `/admin/api/medical-companies/${company.id}/employees`;
    expect((await handler.call(url, { json: { ...NEW_HIRE, reason: 'x' } })).status).toBe(403);
    expect((await handler.call(`${url}/${khalid.id}`, { method: 'PUT', json: { ...SAUDI, reason: 'x' } })).status).toBe(403);
    expect((await handler.call(`${url}/${khalid.id}/removal`, { json: { reason: 'x' } })).status).toBe(403);
    expect((await handler.call(`${url}/${khalid.id}/declaration`, { method: 'PUT', json: { reason: 'x', answers: NO_ANSWERS } })).status).toBe(403);
    expect(await employeesOf(company.id)).toHaveLength(2);

    const am = await signIn(env.app, 'account_manager');
    const quote = (await env.app.request('/api/v1/medical/quote-requests', { token, json: { company_id: company.id } })).body;
    await env.app.request('/api/v1/medical/policies', { token, json: { quote_request_id: quote.id, quote_price_id: quote.quotes[0].quote_price_id } });
    const dash = (await am.call('/admin/api/dashboard')).body;
    const undeclared = await env.app.db.prisma.medicalEmployee.groupBy({ by: ['companyId'], where: { declaredAt: null } });
    const due = await env.app.db.prisma.medicalPolicy.aggregate({ where: { status: 0, deletedAt: null }, _sum: { price: true } });
    expect(dash.worklists.medical).toMatchObject({ companies_missing_declarations: undeclared.length, amount_due: due._sum.price!.toFixed(2) });
    expect(dash.worklists.medical.companies_with_amount_due).toBeGreaterThanOrEqual(1);
    expect((await handler.call('/admin/api/dashboard')).body.worklists).toEqual({});
    // Operations have their own work list (refunds, renewals), not the account managers' medical one.
    expect(Object.keys((await (await signIn(env.app, 'operations')).call('/admin/api/dashboard')).body.worklists)).toEqual(['operations']);

    // the figures link to the same companies in the list
    const filtered = (f: object) => am.call(`/admin/api/medical-companies?filter=${encodeURIComponent(JSON.stringify(f))}`);
    const missing = await filtered({ missing_declarations: true });
    expect(missing.body.map((c: any) => c.id).sort()).toEqual(undeclared.map((u) => u.companyId).sort());
    expect(missing.body.every((c: any) => c.undeclared_count > 0)).toBe(true);
    const owing = await filtered({ payment_due: true });
    expect(owing.body.map((c: any) => c.id)).toContain(company.id);
    expect(owing.body.every((c: any) => c.payment_due > 0)).toBe(true);
  });
});
