import { CARDS, browse, payWithCard } from '../payments/payment-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { control } from '../sandbox/sandbox-test-kit';
import { COMPANY, createCompany, NO_ANSWERS, pdfPages, putEmployees, RESIDENT, SAUDI } from './medical-kit';

const M = '/api/v1/medical';

describe('SME medical partner API', () => {
  let env: MotorTestEnv;
  let token: string;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    token = (await env.app.partner(['sme-medical'])).token;
  });
  afterAll(() => env.close());

  const get = (path: string, t = token) => env.app.request(`${M}${path}`, { token: t });
  const post = (path: string, json: unknown, t = token) => env.app.request(`${M}${path}`, { token: t, json });
  const pdf = async (path: string) => {
    const res = await fetch(`${env.app.url}${M}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('creates companies with a validated commercial registration and lists them', async () => {
    const bad = await post('/companies', { ...COMPANY, commercial_registration_number: '1234', email_address: 'nope', name_ar: 'English only' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['commercial_registration_number', 'email_address', 'name_ar']);
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000011' });
    expect(company).toMatchObject({
      name: COMPANY.name,
      name_ar: COMPANY.name_ar,
      city: 'Riyadh',
      size: 'small',
      commercial_registration_number: '7000000011',
    });
    const again = await post('/companies', { ...COMPANY, commercial_registration_number: '7000000011' });
    expect(again.status).toBe(422);
    expect((await get('/companies')).body.map((c: any) => c.id)).toContain(company.id);
  });

  it('rejects a whole employee list naming every bad row, and saves nothing', async () => {
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000012' });
    const res = await putEmployees(env.app, token, company.id, [
      SAUDI,
      { ...RESIDENT, date_of_birth: '1411-01-01' }, // a resident's birthdate is Gregorian; this one is not a date at all in that calendar's range
      { ...RESIDENT, iqama_id: '2011111111', email: 'b@najd.example', category: 'gold' },
      {
        ...SAUDI,
        nationality_id: '1099999999',
        email: 'c@najd.example',
        is_married: false,
        dependents: [{ ...SAUDI.dependents[1], nationality_id: '1088888888', date_of_birth: '1400-01-01' }],
      },
      { ...SAUDI, email: 'd@najd.example', nationality_id: '1012345678', dependents: [] }, // duplicate id of row 0
    ]);
    expect(res.status).toBe(422);
    expect(res.body.invalid_rows).toEqual([1, 2, 3, 4]);
    expect(res.body.message).toContain('rows 1, 2, 3, 4');
    expect(res.body.details).toHaveProperty(['employees.1.date_of_birth']);
    expect(res.body.details).toHaveProperty(['employees.2.category']);
    expect(res.body.details['employees.3.dependents.0.date_of_birth'][0]).toContain('under 25');
    expect(res.body.details).toHaveProperty(['employees.4.nationality_id']);
    expect(Object.keys(res.body.details).some((k) => k.startsWith('employees.0.'))).toBe(false);
    expect((await get(`/companies/${company.id}/employees`)).body.employees).toEqual([]);

    const spouseUnmarried = await putEmployees(env.app, token, company.id, [{ ...SAUDI, is_married: false }]);
    expect(spouseUnmarried.status).toBe(422);
    expect(spouseUnmarried.body.details['employees.0.dependents'][0]).toContain('is_married');
    const hijriForIqama = await putEmployees(env.app, token, company.id, [{ ...RESIDENT, nationality_iso: 'SA' }]);
    expect(hijriForIqama.body.details).toHaveProperty(['employees.0.nationality_id']);

    const ok = await putEmployees(env.app, token, company.id, [SAUDI, RESIDENT]);
    expect(ok.status).toBe(200);
    const saved = (await get(`/companies/${company.id}/employees`)).body.employees;
    expect(saved.map((e: any) => e.name)).toEqual([SAUDI.name, RESIDENT.name]);
    expect(saved[0]).toMatchObject({ nationality_id: SAUDI.nationality_id, category: 'standard', health_declaration: null });
    expect(saved[0].dependents[1].age).toBeLessThan(25);
    expect(saved[1]).toMatchObject({ iqama_id: RESIDENT.iqama_id, category: 'executive' });
  });

  it('prices tiers from the categories: each insurer quotes the saved employees at once', async () => {
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000013' });
    await putEmployees(env.app, token, company.id, [SAUDI, RESIDENT]);
    const first = (await get('/products/categories')).body;
    expect(first.insurance_providers).toHaveLength(3);
    expect(first.insurance_provider).toBe(first.insurance_providers[0]);
    expect(Object.keys(first.categories)).toEqual(['basic', 'standard', 'premium', 'executive']);
    expect(first.categories.basic).toMatchObject({ category: 'basic', insurance_provider: first.insurance_provider, price: expect.any(Number) });
    const catalogue: any[] = await Promise.all(
      first.insurance_providers.map(async (code: string) => (await get(`/products/categories?insurance_provider=${code}`)).body),
    );
    expect(catalogue.map((c) => c.insurance_provider)).toEqual(first.insurance_providers);
    const unknown = await get('/products/categories?insurance_provider=nobody');
    expect([unknown.status, Object.keys(unknown.body.details ?? {})]).toEqual([422, ['insurance_provider']]);

    const quote = await post('/quote-requests', { company_id: company.id });
    expect(quote.status).toBe(201);
    expect(quote.body.quotes).toHaveLength(3);
    for (const q of quote.body.quotes) {
      const price = (tier: string) => Number(catalogue.find((c) => c.insurance_provider === q.insurance_provider).categories[tier].price);
      const [saudi, resident] = q.employees;
      // the employee and spouse pay the tier's price, a child half of it (net of VAT); each line's price adds its VAT
      expect(Number(saudi.price_before_vat)).toBeCloseTo(price('standard') * 2.5, 2);
      expect(Number(resident.price_before_vat)).toBeCloseTo(price('executive'), 2);
      expect(Number(q.subtotal)).toBeCloseTo(Number(saudi.price_before_vat) + Number(resident.price_before_vat), 2);
      expect(Number(q.vat)).toBeCloseTo(Number(q.subtotal) * 0.15, 2);
      expect(Number(q.total_price)).toBeCloseTo(Number(q.subtotal) + Number(q.vat), 2);
      expect(Number(q.total_price)).toBeCloseTo(Number(saudi.price) + Number(resident.price), 2);
      expect(q.quote_price_id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect((await get(`/quote-requests/${quote.body.id}`)).body.quotes).toEqual(quote.body.quotes);
  });

  it('answers with the insurers that priced when one fails, and 502 when none does', async () => {
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000019' });
    await putEmployees(env.app, token, company.id, [SAUDI]);
    await control(env.sandbox, 'palm', { fault: 'error' });
    try {
      const partial = await post('/quote-requests', { company_id: company.id });
      expect(partial.status).toBe(201);
      expect(partial.body.quotes.map((q: any) => q.insurance_provider).sort()).toEqual(['dune', 'summit']);
      expect(partial.body.failed_providers).toEqual([{ insurance_provider: 'palm', reason: 'unavailable' }]);
      await control(env.sandbox, 'dune', { fault: 'error' });
      await control(env.sandbox, 'summit', { fault: 'malformed' });
      expect((await post('/quote-requests', { company_id: company.id })).status).toBe(502);
    } finally {
      for (const code of ['palm', 'dune', 'summit']) await control(env.sandbox, code, { fault: 'none' });
    }
  });

  it('keeps the one-awaiting rule under concurrent issuance', async () => {
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000020' });
    await putEmployees(env.app, token, company.id, [SAUDI]);
    const quote = (await post('/quote-requests', { company_id: company.id })).body;
    const results = await Promise.all(quote.quotes.map((q: any) => post('/policies', { quote_request_id: quote.id, quote_price_id: q.quote_price_id })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await get(`/policies?company_id=${company.id}`)).body.filter((p: any) => p.status === 0)).toHaveLength(1);
  });

  it('keeps one policy awaiting payment per company: issuing again replaces it', async () => {
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000014' });
    await putEmployees(env.app, token, company.id, [SAUDI, RESIDENT]);
    const quote = (await post('/quote-requests', { company_id: company.id })).body;
    const [a, b] = quote.quotes;
    const first = await post('/policies', { quote_request_id: quote.id, quote_price_id: a.quote_price_id });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 0, price: a.total_price, insurance_provider: a.insurance_provider, provider_policy_id: null });
    expect((await get(`/payment-due?company_id=${company.id}`)).body).toMatchObject({ payment: a.total_price, policy_ids: [first.body.id] });

    const second = await post('/request-policies', { quote_request_id: quote.id, quote_price_id: b.quote_price_id });
    expect(second.status).toBe(201);
    expect((await get(`/policies/${first.body.id}`)).status).toBe(404);
    expect((await get(`/policies?company_id=${company.id}`)).body.map((p: any) => p.id)).toEqual([second.body.id]);
    expect((await get(`/payment-due?company_id=${company.id}`)).body).toMatchObject({ payment: b.total_price, policy_ids: [second.body.id] });

    // a quote for an older employee list cannot be issued
    await putEmployees(env.app, token, company.id, [SAUDI]);
    const stale = await post('/policies', { quote_request_id: quote.id, quote_price_id: a.quote_price_id });
    expect(stale.status).toBe(422);
    expect(stale.body.details).toHaveProperty('quote_request_id');
    // nor can the policy issued for the old list be paid
    const link = await get(`/payment-link?company_id=${company.id}`);
    expect(link.status).toBe(422);
    expect(link.body.details.policy_ids[0]).toContain(`policy ${second.body.id}`);
  });

  it('refuses a payment link with 422 while a declaration is missing or nothing is owed; the link lasts 15 minutes', async () => {
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000015' });
    await putEmployees(env.app, token, company.id, [SAUDI, RESIDENT]);
    const nothingOwed = await get(`/payment-link?company_id=${company.id}`);
    expect(nothingOwed.status).toBe(422);
    expect(nothingOwed.body.details.company_id[0]).toContain('Nothing is owed');
    expect((await get(`/payment-due?company_id=${company.id}`)).body.payment).toBe(0);

    const quote = (await post('/quote-requests', { company_id: company.id })).body;
    await post('/policies', { quote_request_id: quote.id, quote_price_id: quote.quotes[0].quote_price_id });
    const undeclared = await get(`/payment-link?company_id=${company.id}`);
    expect(undeclared.status).toBe(422);
    expect(undeclared.body.details.employees[0]).toContain(SAUDI.name);
    expect(undeclared.body.details.employees[0]).toContain(RESIDENT.name);

    // all_employees for everyone, an override for one; an incomplete result is refused whole
    const incomplete = await post('/medical-forms/fill', {
      company_id: company.id,
      ids_or_emails: [{ id_or_email: RESIDENT.email, answers: { smoking: 'yes' } }],
    });
    expect(incomplete.status).toBe(422);
    const unknown = await post('/medical-forms/fill', {
      company_id: company.id,
      all_employees: NO_ANSWERS,
      ids_or_emails: [{ id_or_email: '1111111111', answers: {} }],
    });
    expect(unknown.body.details).toHaveProperty(['ids_or_emails.0.id_or_email']);
    const filled = await post('/medical-forms/fill', {
      company_id: company.id,
      all_employees: NO_ANSWERS,
      ids_or_emails: [{ id_or_email: RESIDENT.iqama_id, answers: { smoking: 'yes', chronic_disease: ['Asthma'] } }],
    });
    expect(filled.status).toBe(200);
    expect(filled.body).toEqual({ declared: 2, pending_declarations: [] });
    const staff = (await get(`/companies/${company.id}/employees`)).body.employees;
    expect(staff[0].health_declaration.answers.smoking).toBe('No');
    expect(staff[1].health_declaration.answers).toMatchObject({ smoking: 'Yes', chronic_disease: ['Asthma'], allergies: 'No' });

    const link = await get(`/payment-link?company_id=${company.id}`);
    expect(link.status).toBe(200);
    expect(link.body.payment).toMatch(new RegExp(`^${env.app.url}/pay/[\\w-]{32}$`));
    expect(link.body.amount).toBe(quote.quotes[0].total_price);
    expect(new Date(link.body.expires_at).getTime() - env.app.clock.now().getTime()).toBe(15 * 60_000);
    expect((await browse(link.body.payment)).status).toBe(200);
    env.app.clock.advance(15 * 60_000 + 1_000);
    expect((await browse(link.body.payment)).status).toBe(410);
  });

  it('prints one pre-filled form page per enrolled employee, or one blank form', async () => {
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000016' });
    const three = [SAUDI, RESIDENT, { ...RESIDENT, name: 'Third Person', iqama_id: '2055555555', email: 'third@najd.example' }];
    await putEmployees(env.app, token, company.id, three);
    const filled = await pdf(`/medical-forms/download?company_id=${company.id}`);
    expect(filled.status).toBe(200);
    expect(filled.type).toBe('application/pdf');
    expect(filled.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(filled.bytes)).toBe(3);
    await putEmployees(env.app, token, company.id, [SAUDI]);
    expect(pdfPages((await pdf(`/medical-forms/download?company_id=${company.id}`)).bytes)).toBe(1);
    const blank = await pdf('/medical-forms/download');
    expect(pdfPages(blank.bytes)).toBe(1);
    const questions = (await get('/medical-forms')).body;
    expect(questions.general_health_information.allergies.question_ar).toMatch(/[\u0600-\u06FF]/);
  });

  it("runs the whole flow: one card payment issues the company's policy with its insurer", async () => {
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000017' });
    await putEmployees(env.app, token, company.id, [SAUDI, RESIDENT]);
    await post('/medical-forms/fill', { company_id: company.id, all_employees: NO_ANSWERS });
    const quote = (await post('/quote-requests', { company_id: company.id })).body;
    const policy = (
      await post('/policies', {
        quote_request_id: quote.id,
        quote_price_id: quote.quotes[1].quote_price_id,
        redirect_url: 'https://hr.example/done?p=policyID',
      })
    ).body;
    const link = (await get(`/payment-link?company_id=${company.id}`)).body;
    const page = await browse(link.payment);
    expect(page.text).toContain(quote.quotes[1].insurance_provider_name);

    const hops = await payWithCard(link.payment, CARDS.success);
    const back = await browse(hops.submitted.location!);
    expect(back.location).toBe(`https://hr.example/done?p=${policy.id}`);
    const issued = (await get(`/policies/${policy.id}`)).body;
    expect(issued.status).toBe(1);
    expect(issued.provider_policy_id).toMatch(/^\d+$/);
    expect((await get(`/payment-due?company_id=${company.id}`)).body.payment).toBe(0);
    const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'medical', policyId: company.id, status: 'paid' } });
    expect(Number(payment.amount.toFixed(2))).toBe(policy.price);
    expect((await get(`/payment-link?company_id=${company.id}`)).status).toBe(422);

    // cancelling the company's cover
    expect((await env.app.request(`${M}/companies/${company.id}/policy-cancellation`, { token, method: 'POST' })).status).toBe(204);
    expect((await get(`/policies/${policy.id}`)).body.status).toBe(2);
    expect((await env.app.request(`${M}/companies/${company.id}/policy-cancellation`, { token, method: 'POST' })).status).toBe(422);
  });

  it('keeps every medical resource to its client', async () => {
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000018' });
    await putEmployees(env.app, token, company.id, [SAUDI]);
    const quote = (await post('/quote-requests', { company_id: company.id })).body;
    const policy = (await post('/policies', { quote_request_id: quote.id, quote_price_id: quote.quotes[0].quote_price_id })).body;
    const other = (await env.app.partner(['sme-medical'])).token;
    expect((await get(`/companies/${company.id}`, other)).status).toBe(404);
    expect((await get(`/companies/${company.id}/employees`, other)).status).toBe(404);
    expect((await putEmployees(env.app, other, company.id, [SAUDI])).status).toBe(404);
    expect((await get(`/quote-requests/${quote.id}`, other)).status).toBe(404);
    expect((await post('/quote-requests', { company_id: company.id }, other)).status).toBe(404);
    expect((await get(`/policies/${policy.id}`, other)).status).toBe(404);
    expect((await post(`/policies/${policy.id}/deletion`, {}, other)).status).toBe(404);
    expect((await get(`/payment-due?company_id=${company.id}`, other)).status).toBe(404);
    expect((await get(`/payment-link?company_id=${company.id}`, other)).status).toBe(404);
    expect((await post('/policies', { quote_request_id: quote.id, quote_price_id: quote.quotes[0].quote_price_id }, other)).status).toBe(422);
    expect((await get('/companies', other)).body).toEqual([]);
    expect((await get('/policies', other)).body).toEqual([]);
    expect((await get('/policies', other)).headers.get('x-total-count')).toBe('0');
    // the plain array pages: one a page, the total and the next page in headers
    const all = await get('/policies');
    const onePage = await get(`/policies?per_page=1&company_id=${company.id}`);
    expect(onePage.body.map((p: any) => p.id)).toEqual([policy.id]);
    expect(onePage.headers.get('x-total-count')).toBe('1');
    expect(onePage.headers.get('link')).toBe(
      [`first`, `last`].map((rel) => `<${env.app.url}${M}/policies?company_id=${company.id}&page=1&per_page=1>; rel="${rel}"`).join(', '),
    );
    expect(all.headers.get('x-total-count')).toBe(String(all.body.length));
    const notEnrolled = (await env.app.partner(['motor-tpl-comparison'])).token;
    expect((await get('/companies', notEnrolled)).status).toBe(403);

    // deleting an unpaid policy withdraws it
    expect((await post(`/policies/${policy.id}/deletion`, {})).status).toBe(204);
    expect((await get(`/policies/${policy.id}`)).status).toBe(404);
  });

  it("applies the spec's rate limits to the medical rows", async () => {
    const limits: Array<[string, string, number]> = [
      ['GET', '/companies', 120],
      ['GET', '/medical-forms', 120],
      ['GET', '/products/categories', 120],
      ['GET', '/policies', 120],
      ['GET', '/payment-due?company_id=1', 120],
      ['GET', '/payment-link?company_id=1', 120],
      ['GET', '/medical-forms/download', 120],
    ];
    for (const [method, path, limit] of limits) {
      const res = await env.app.request(`${M}${path}`, { token, method });
      expect([path, res.headers.get('ratelimit-limit')]).toEqual([path, String(limit)]);
    }
    const t = (await env.app.partner(['sme-medical'])).token;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await env.app.request(`${M}/companies/999999/policy-cancellation`, { token: t, method: 'POST' })).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    const put = await putEmployees(env.app, t, 999999, []);
    expect(put.headers.get('ratelimit-limit')).toBe('60');
    const issue = await env.app.request(`${M}/policies`, { token: t, json: {} });
    expect(issue.headers.get('ratelimit-limit')).toBe('30');
  });

  it('documents every medical path in the OpenAPI', async () => {
    const doc = (await env.app.request('/openapi.json')).body;
    for (const p of [
      '/companies',
      '/companies/{companyId}/policy-cancellation',
      '/companies/{companyId}/employees',
      '/products/categories',
      '/quote-requests',
      '/quote-requests/{quoteRequestId}',
      '/medical-forms',
      '/medical-forms/fill',
      '/medical-forms/download',
      '/policies',
      '/policies/{policyId}/deletion',
      '/payment-due',
      '/payment-link',
    ]) {
      expect(doc.paths).toHaveProperty([`${M}${p}`]);
    }
  });
});
