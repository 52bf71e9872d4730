import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { NO_ANSWERS } from '../medical/medical-kit';
import { PDF } from '../life/life-kit';

/** SME medical requests exactly as the real service's reference writes them (shared/reference/real-service-digest.md). */
describe('SME medical, as the real service documents it', () => {
  let env: MotorTestEnv;
  let token: string;
  let cr = 7008000001;
  const M = '/api/v1/medical';

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    token = (await env.app.partner(['sme-medical'])).token;
  });
  afterAll(() => env.close());

  const call = (path: string, init: { method?: string; json?: unknown; body?: FormData } = {}) => env.app.request(`${M}${path}`, { token, ...init });
  // The reference's seven company fields, nothing more.
  const company = () => ({
    name: 'Example company name',
    name_ar: 'مثال اسم شركة',
    sponsor_number: '1000000001',
    unified_national_number: '7000000001',
    email_address: 'example@example.com',
    phone_number: '+966512345678',
    commercial_registration_number: String(cr++),
  });
  // Insured as the reference lists them: no gender, a spouse without is_married.
  const employees = [
    {
      name: 'Khalid Al-Otaibi',
      nationality_iso: 'SA',
      category: 'standard',
      mobile_number: '0512345678',
      date_of_birth: '1405-03-10',
      nationality_id: '1012345678',
      dependents: [{ name: 'Noura Al-Otaibi', relationship: 'spouse', nationality_iso: 'SA', date_of_birth: '1408-01-01', nationality_id: '1023456789' }],
    },
    { name: 'Mary Major', nationality_iso: 'EG', category: 'basic', mobile_number: '0587654321', date_of_birth: '1990-04-15', iqama_id: '2098765432' },
  ];

  async function owing() {
    const c = await call('/companies', { json: company() });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ city: null, size: null });
    const put = await call(`/companies/${c.body.id}/employees`, { method: 'PUT', json: { employees } });
    expect([put.status, put.body.details]).toEqual([200, undefined]);
    const quote = await call('/quote-requests', { json: { company_id: String(c.body.id) } });
    expect(quote.status).toBe(201);
    const policy = await call('/policies', { json: { quote_request_id: quote.body.id, quote_price_id: quote.body.quotes[0].quote_price_id } });
    expect(policy.status).toBe(201);
    return { companyId: c.body.id as number, quote: quote.body, policy: policy.body };
  }

  it('a company from its seven fields, employees without gender, a spouse implying marriage, ids as strings, per-employee quote lines', async () => {
    const { companyId, quote } = await owing();
    const listed = (await call(`/companies/${companyId}/employees`)).body.employees;
    expect(listed[0]).toMatchObject({ is_married: true });
    for (const q of quote.quotes) {
      expect(q.employees.map((e: any) => e.identifier)).toEqual(['1012345678', '2098765432']);
      const sum = q.employees.reduce((s: number, e: any) => s + Math.round(Number(e.price) * 100), 0);
      expect(Number(q.total_price) * 100 - sum).toBeGreaterThanOrEqual(0);
    }
  });

  it('a policy awaiting payment shows who must still declare and, once nobody is left, a live payment link', async () => {
    const { companyId, policy } = await owing();
    const before = (await call(`/policies/${policy.id}`)).body;
    expect(before).toMatchObject({ status: 0, payment_link: null });
    expect(before.pending_declarations.sort()).toEqual(['Khalid Al-Otaibi', 'Mary Major']);
    expect((await call('/medical-forms/fill', { json: { company_id: companyId, all_employees: NO_ANSWERS } })).status).toBeLessThan(300);
    const after = (await call(`/policies/${policy.id}`)).body;
    expect(after.pending_declarations).toEqual([]);
    expect(after.payment_link).toMatch(/\/pay\//);
    // read again within its 15 minutes: the same link; in the list too
    expect((await call(`/policies/${policy.id}`)).body.payment_link).toBe(after.payment_link);
    expect((await call(`/policies?company_id=${companyId}`)).body[0].payment_link).toBe(after.payment_link);
    expect((await env.app.request(after.payment_link.replace(env.app.url, ''), {})).status).toBe(200);
  });

  it("GET /medical-forms/download?policy_id= answers the policy's pre-filled PDF", async () => {
    const { policy } = await owing();
    const res = await fetch(`${env.app.url}${M}/medical-forms/download?policy_id=${policy.id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`health-declaration-policy-${policy.id}`);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await call('/medical-forms/download?policy_id=999999')).status).toBe(404);
  });

  it('POST /policies/{id}/deletion with the multipart cancellation_document', async () => {
    const { policy } = await owing();
    const form = new FormData();
    form.append('cancellation_document', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'letter.pdf');
    const res = await call(`/policies/${policy.id}/deletion`, { method: 'POST', body: form });
    expect(res.status).toBe(204);
    expect((await call(`/policies/${policy.id}`)).status).toBe(404);
  });

  it("GET /products/categories answers one insurer's categories, keyed by tier", async () => {
    const res = await call('/products/categories');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      insurance_provider: expect.any(String),
      categories: {
        basic: { category: 'basic', price: expect.any(Number) },
        standard: expect.any(Object),
        premium: expect.any(Object),
        executive: expect.any(Object),
      },
    });
    const other = res.body.insurance_providers[1];
    expect((await call(`/products/categories?insurance_provider=${other}`)).body.insurance_provider).toBe(other);
    expect(Object.keys((await call('/products/categories?insurance_provider=medgulfx')).body.details)).toEqual(['insurance_provider']);
  });

  it('PUT /companies/{id}/employees/{employeeId}/declaration and POST /policies/{policyId}/declarations', async () => {
    const { companyId, policy } = await owing();
    const one = await call(`/companies/${companyId}/employees/1012345678/declaration`, { method: 'PUT', json: { consent: true, answers: NO_ANSWERS } });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      health_declaration: { answers: expect.objectContaining({ smoking: 'No' }), consent: true, filled_at: expect.stringMatching(/Z$/) },
      pending_declarations: ['Mary Major'],
    });
    const nobody = await call(`/companies/${companyId}/employees/9999999999/declaration`, { method: 'PUT', json: { consent: true, answers: NO_ANSWERS } });
    expect(nobody.status).toBe(400);
    expect(nobody.body).toMatchObject({ code: '40022', message: 'No employee of this company matches: 9999999999.' });

    const unknown = await call(`/policies/${policy.id}/declarations`, {
      method: 'POST',
      json: { all_employees: NO_ANSWERS, ids_or_emails: [{ id_or_email: 'nobody@najd.example', answers: {} }] },
    });
    expect([unknown.status, unknown.body.code]).toEqual([400, '40022']);
    expect(unknown.body.message).toContain('nobody@najd.example');
    const all = await call(`/policies/${policy.id}/declarations`, {
      method: 'POST',
      json: { all_employees: NO_ANSWERS, ids_or_emails: [{ id_or_email: '2098765432', answers: { smoking: 'yes' } }] },
    });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ id: policy.id, pending_declarations: [], payment_link: expect.stringContaining('/pay/') });
    const staff = (await call(`/companies/${companyId}/employees`)).body.employees;
    expect(staff.find((e: any) => e.iqama_id === '2098765432').health_declaration.answers.smoking).toBe('Yes');
  });

  it("POST /companies/{id}/employees/fetch loads the registry's employees, all on basic", async () => {
    const known = await call('/companies', { json: { ...company(), commercial_registration_number: '7001234567' } });
    const res = await call(`/companies/${known.body.id}/employees/fetch`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body.employees.length).toBeGreaterThanOrEqual(2);
    expect(res.body.employees.every((e: any) => e.category === 'basic')).toBe(true);
    // the same registry answer every time, and it is the saved list now
    expect((await call(`/companies/${known.body.id}/employees/fetch`, { method: 'POST' })).body.employees.map((e: any) => e.name)).toEqual(
      res.body.employees.map((e: any) => e.name),
    );
    expect((await call(`/companies/${known.body.id}/employees`)).body.employees).toHaveLength(res.body.employees.length);
    expect((await call('/quote-requests', { json: { company_id: known.body.id } })).status).toBe(201);
    const unknown = await call('/companies', { json: { ...company(), commercial_registration_number: '7005550000' } });
    expect((await call(`/companies/${unknown.body.id}/employees/fetch`, { method: 'POST' })).status).toBe(404);
  });
});
