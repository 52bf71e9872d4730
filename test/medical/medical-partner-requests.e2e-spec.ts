import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { createCompany, putEmployees, RESIDENT, SAUDI } from './medical-kit';

const M = '/api/v1/medical';

/** The real service's guide, word for word: every answer "Yes" or "No". */
const GUIDE_FILL = {
  all_employees: {
    allergies: 'No',
    current_medications: 'No',
    hospitalizations: 'No',
    pre_existing_conditions: 'No',
    past_surgeries: 'No',
    surgery_complications: 'No',
    chest_pain_or_breathlessness: 'No',
    heart_procedures: 'No',
    smoking: 'No',
    alcohol_consumption: 'No',
    physical_activity: 'No',
    family_history: 'No',
    chronic_disease: ['None of the above'],
  },
  ids_or_emails: [
    {
      id_or_email: 'john.doe@example.com',
      answers: {
        allergies: 'No',
        current_medications: 'No',
        hospitalizations: 'No',
        pre_existing_conditions: 'No',
        past_surgeries: 'Yes',
        surgery_complications: 'No',
        chest_pain_or_breathlessness: 'No',
        heart_procedures: 'No',
        smoking: 'No',
        alcohol_consumption: 'No',
        physical_activity: 'No',
        family_history: 'No',
        chronic_disease: ['Liver Disease'],
      },
    },
  ],
};
const JOHN = { ...RESIDENT, email: 'john.doe@example.com' };

/** Requests partners write from the real service's documentation, sent exactly so (issue: "What partners still trip over"). */
describe('SME medical: what partners still trip over', () => {
  let env: MotorTestEnv;
  let token: string;
  let cr = 7009100001;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    token = (await env.app.partner(['sme-medical'])).token;
  });
  afterAll(() => env.close());

  const call = (path: string, init: { method?: string; json?: unknown } = {}) => env.app.request(`${M}${path}`, { token, ...init });
  const storedDeclarations = async (companyId: number) =>
    (await env.app.db.prisma.medicalEmployee.findMany({ where: { companyId }, orderBy: { position: 'asc' } })).map((e) => e.declaration);

  async function companyWithPolicy() {
    const company = await createCompany(env.app, token, { commercial_registration_number: String(cr++) });
    expect((await putEmployees(env.app, token, company.id, [SAUDI, JOHN])).status).toBe(200);
    const quote = (await call('/quote-requests', { json: { company_id: company.id } })).body;
    const policy = await call('/policies', { json: { quote_request_id: quote.id, quote_price_id: quote.quotes[0].quote_price_id } });
    expect(policy.status).toBe(201);
    return { companyId: company.id as number, quote, policy: policy.body };
  }

  describe('health declarations answered "Yes" and "No"', () => {
    it("POST /policies/{id}/declarations takes the guide's body and keeps one spelling, Yes and No", async () => {
      const { companyId, policy } = await companyWithPolicy();
      const res = await call(`/policies/${policy.id}/declarations`, { method: 'POST', json: GUIDE_FILL });
      expect([res.status, res.body.details]).toEqual([200, undefined]);
      expect(res.body.pending_declarations).toEqual([]);
      const [khalid, john] = await storedDeclarations(companyId);
      expect(khalid).toMatchObject({ past_surgeries: 'No', chronic_disease: ['None of the above'] });
      expect(john).toMatchObject({ past_surgeries: 'Yes', allergies: 'No', chronic_disease: ['Liver Disease'] });
      const listed = (await call(`/companies/${companyId}/employees`)).body.employees;
      expect(listed[1].health_declaration.answers).toMatchObject({ past_surgeries: 'Yes', physical_activity: 'No' });
    });

    it('POST /medical-forms/fill and PUT .../declaration take any case and answer Yes and No', async () => {
      const { companyId } = await companyWithPolicy();
      const fill = await call('/medical-forms/fill', { json: { company_id: companyId, ...GUIDE_FILL } });
      expect([fill.status, fill.body.details]).toEqual([200, undefined]);
      const shouted = { ...GUIDE_FILL.all_employees, smoking: 'YES', allergies: 'yes', physical_activity: 'no', chronic_disease: ['diabetes'] };
      const one = await call(`/companies/${companyId}/employees/1012345678/declaration`, { method: 'PUT', json: { consent: true, answers: shouted } });
      expect([one.status, one.body.details]).toEqual([200, undefined]);
      expect(one.body.health_declaration.answers).toMatchObject({ smoking: 'Yes', allergies: 'Yes', physical_activity: 'No', chronic_disease: ['Diabetes'] });
      expect((await storedDeclarations(companyId))[0]).toMatchObject({
        smoking: 'Yes',
        allergies: 'Yes',
        physical_activity: 'No',
        chronic_disease: ['Diabetes'],
      });
      // anything else is still refused, naming the answer
      const bad = await call(`/companies/${companyId}/employees/1012345678/declaration`, {
        method: 'PUT',
        json: { consent: true, answers: { ...shouted, smoking: 'maybe' } },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.details).toEqual({ 'answers.smoking': ['The smoking answer must be Yes or No.'] });
      expect((await storedDeclarations(companyId))[0]).toMatchObject({ smoking: 'Yes' });
    });
  });

  describe('GET /medical-forms', () => {
    it("answers the question tree in the real service's sections, Arabic included, and its keys are the answers a declaration takes", async () => {
      const res = await call('/medical-forms');
      expect(res.status).toBe(200);
      const tree = res.body;
      expect(Object.keys(tree)).toEqual([
        'general_health_information',
        'surgical_history',
        'cardiovascular_health',
        'chronic_conditions',
        'lifestyle_and_habits',
        'additional_information',
      ]);
      expect(Object.keys(tree.general_health_information)).toEqual(['allergies', 'current_medications', 'hospitalizations', 'pre_existing_conditions']);
      expect(tree.general_health_information.allergies).toMatchObject({
        question: expect.any(String),
        question_ar: expect.stringMatching(/[\u0600-\u06FF]/),
        choices: ['Yes', 'No'],
      });
      expect(tree.chronic_conditions.diagnoses.options).toEqual([
        'Diabetes',
        'Asthma',
        'Chronic Kidney Disease',
        'Liver Disease',
        'Cancer',
        'None of the above',
      ]);
      expect(tree.chronic_conditions.diagnoses.options_ar).toHaveLength(6);
      expect(Object.keys(tree.lifestyle_and_habits)).toEqual(['smoking', 'alcohol_consumption', 'physical_activity', 'family_history']);
      expect(Object.keys(tree.additional_information).length).toBeGreaterThan(0);

      // every question of the tree answered with its first choice, the diagnoses with an option: accepted as it stands
      const answers: Record<string, unknown> = {};
      for (const [section, questions] of Object.entries<Record<string, any>>(tree)) {
        for (const [key, q] of Object.entries(questions)) {
          if (section === 'chronic_conditions') answers[q.answer_key] = [q.options.at(-1)];
          else answers[key] = q.choices[0];
        }
      }
      const { companyId } = await companyWithPolicy();
      const one = await call(`/companies/${companyId}/employees/1012345678/declaration`, { method: 'PUT', json: { consent: true, answers } });
      expect([one.status, one.body.details]).toEqual([200, undefined]);
      expect(one.body.health_declaration.answers).toEqual(answers);
      // and the required ones are required
      const { smoking: _s, ...withoutSmoking } = answers;
      const missing = await call(`/companies/${companyId}/employees/1012345678/declaration`, {
        method: 'PUT',
        json: { consent: true, answers: withoutSmoking },
      });
      expect([missing.status, Object.keys(missing.body.details)]).toEqual([422, ['answers.smoking']]);
    });
  });

  describe('medical quote lines', () => {
    const halalas = (n: number) => Math.round(n * 100);

    it('each employee line prices the employee with their dependents, VAT included, and the lines add up exactly to total_price', async () => {
      const { quote, policy } = await companyWithPolicy();
      for (const q of quote.quotes) {
        expect(q.employees.reduce((s: number, e: any) => s + halalas(e.price), 0)).toBe(halalas(q.total_price));
        expect(q.employees.reduce((s: number, e: any) => s + halalas(e.vat), 0)).toBe(halalas(q.vat));
        expect(q.employees.reduce((s: number, e: any) => s + halalas(e.price_before_vat), 0)).toBe(halalas(q.subtotal));
        for (const line of q.employees) {
          expect(halalas(line.price)).toBe(halalas(line.price_before_vat) + halalas(line.vat));
          // the employee's own cover and each dependent's are in the line's price
          expect(halalas(line.price)).toBeGreaterThan(line.dependents.reduce((s: number, d: any) => s + halalas(d.price), 0));
          for (const d of line.dependents) expect(halalas(d.price)).toBe(halalas(d.price_before_vat) + halalas(d.vat));
        }
      }
      // read back, and on the policy issued from it, the same lines
      const again = (await call(`/quote-requests/${quote.id}`)).body;
      expect(again.quotes).toEqual(quote.quotes);
      expect(policy.meta_data.insured).toEqual(quote.quotes[0].employees);
      expect(policy.meta_data.insured.reduce((s: number, e: any) => s + halalas(e.price), 0)).toBe(halalas(policy.price));
    });
  });

  describe('POST /policies with the values GET /products/categories hands out', () => {
    async function quoted() {
      const company = await createCompany(env.app, token, { commercial_registration_number: String(cr++) });
      expect((await putEmployees(env.app, token, company.id, [SAUDI, JOHN])).status).toBe(200);
      const quote = (await call('/quote-requests', { json: { company_id: company.id } })).body;
      return { companyId: company.id as number, quote };
    }

    it('takes category and insurance_provider when they agree with the chosen quote', async () => {
      const { quote } = await quoted();
      const chosen = quote.quotes[1];
      const categories = (await call(`/products/categories?insurance_provider=${chosen.insurance_provider}`)).body.categories;
      const { category, insurance_provider } = categories[SAUDI.category];
      const res = await call('/policies', { json: { quote_request_id: quote.id, quote_price_id: chosen.quote_price_id, category, insurance_provider } });
      expect([res.status, res.body.details]).toEqual([201, undefined]);
      expect(res.body).toMatchObject({ insurance_provider: chosen.insurance_provider, status: 0 });
      // the other employee's tier agrees too
      const other = categories[JOHN.category];
      const again = await call('/policies', {
        json: { quote_request_id: quote.id, quote_price_id: chosen.quote_price_id, category: other.category, insurance_provider: other.insurance_provider },
      });
      expect(again.status).toBe(201);
    });

    it('refuses them with a 422 naming them when they contradict the quote, and issues nothing', async () => {
      const { companyId, quote } = await quoted();
      const [first, second] = quote.quotes;
      const elsewhere = (await call(`/products/categories?insurance_provider=${second.insurance_provider}`)).body.categories.premium;
      const res = await call('/policies', {
        json: {
          quote_request_id: quote.id,
          quote_price_id: first.quote_price_id,
          category: elsewhere.category,
          insurance_provider: elsewhere.insurance_provider,
        },
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.details).sort()).toEqual(['category', 'insurance_provider']);
      expect(res.body.details.insurance_provider[0]).toContain(first.insurance_provider);
      const onlyProvider = await call('/policies', {
        json: { quote_request_id: quote.id, quote_price_id: first.quote_price_id, insurance_provider: second.insurance_provider },
      });
      expect([onlyProvider.status, Object.keys(onlyProvider.body.details)]).toEqual([422, ['insurance_provider']]);
      expect(await env.app.db.prisma.medicalPolicy.count({ where: { companyId } })).toBe(0);
    });
  });

  it("GET /products/categories documents insurance_provider with the insurers' codes", async () => {
    const doc = (await env.app.request('/openapi.json')).body;
    const params = doc.paths[`${M}/products/categories`].get.parameters.filter((p: any) => p.name === 'insurance_provider');
    expect(params).toHaveLength(1);
    expect(params[0]).toMatchObject({ in: 'query', required: false });
    const live = (await call('/products/categories')).body.insurance_providers;
    expect([...params[0].schema.enum].sort()).toEqual([...live].sort());
    for (const code of params[0].schema.enum) expect((await call(`/products/categories?insurance_provider=${code}`)).body.insurance_provider).toBe(code);
  });

  it("redirect_url carries the policy's id where the partner wrote policyID: in the issuance answer, Show Policy and the list", async () => {
    const company = await createCompany(env.app, token, { commercial_registration_number: String(cr++) });
    await putEmployees(env.app, token, company.id, [SAUDI]);
    const quote = (await call('/quote-requests', { json: { company_id: company.id } })).body;
    const res = await call('/policies', {
      json: { quote_request_id: quote.id, quote_price_id: quote.quotes[0].quote_price_id, redirect_url: 'https://www.example.com?yasmina_policy_id=policyID' },
    });
    expect(res.status).toBe(201);
    const landing = `https://www.example.com?yasmina_policy_id=${res.body.id}`;
    expect(res.body.redirect_url).toBe(landing);
    expect((await call(`/policies/${res.body.id}`)).body.redirect_url).toBe(landing);
    expect((await call(`/policies?company_id=${company.id}`)).body[0].redirect_url).toBe(landing);
    // kept as written: a later substitution (the customer's landing) uses the same template
    expect((await env.app.db.prisma.medicalPolicy.findUniqueOrThrow({ where: { id: res.body.id } })).redirectUrl).toBe(
      'https://www.example.com?yasmina_policy_id=policyID',
    );
  });
});
