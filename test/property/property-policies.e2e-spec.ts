import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { policyBody, setInsurerFault, withField } from '../support/property-kit';

const POLICY_FIELDS = [
  'canceled_at',
  'client_id',
  'created_at',
  'id',
  'meta_data',
  'payment_link',
  'policy_url',
  'price',
  'provider_policy',
  'provider_policy_id',
  'redirect_url',
  'renewal_of',
  'status',
];
const ADDRESS_FIELDS = ['additional_number', 'building_number', 'city_name', 'district_name', 'street_name', 'zip_code'];
const PRICE_QUERY = 'building_type=villa&building_age=6&apartment_size=420&city_name=Riyadh&property_cost=850000&contents_cost=120000';

describe('property: address lookup, prices, issuance, list and show', () => {
  let env: MotorTestEnv;
  let token: string;
  let clientId: string;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { PROPERTY_INSURER_TIMEOUT_MS: '10000' } });
    const partner = await env.app.partner(['property-comparison']);
    token = partner.token;
    clientId = partner.id;
  });
  afterAll(() => env.close());

  const issue = (body: object, t = token) => env.app.request('/api/v1/property/policies', { token: t, json: body });

  describe('GET /address-from-short', () => {
    it('resolves a short address through the national address registry, in either case, without unit_number', async () => {
      const res = await env.app.request('/api/v1/property/address-from-short?short_address=rrrc7866', { token });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(ADDRESS_FIELDS);
      expect(res.body).toMatchObject({ building_number: '7866', city_name: 'Riyadh', zip_code: '13521', street_name: 'Al Imam Saud Bin Faisal Road' });
      const jeddah = await env.app.request('/api/v1/property/address-from-short?short_address=JEDA3305', { token });
      expect(jeddah.body).toMatchObject({ building_number: '3305', city_name: 'Jeddah' });
    });

    it('answers 404 for an unknown code, 400 (40019, as the real service) for a malformed one and 422 for a missing one', async () => {
      const unknown = await env.app.request('/api/v1/property/address-from-short?short_address=ZZZZ0001', { token });
      expect(unknown.status).toBe(404);
      for (const bad of ['RRR7866', 'RRRC786', '1234ABCD', 'RRRC78661', 'ر ر ر ر7866']) {
        const res = await env.app.request(`/api/v1/property/address-from-short?short_address=${encodeURIComponent(bad)}`, { token });
        expect([bad, res.status, res.body.code]).toEqual([bad, 400, '40019']);
        expect(res.body.message).toMatch(/^Invalid short address/);
      }
      expect((await env.app.request('/api/v1/property/address-from-short', { token })).status).toBe(422);
    });

    it('is for property clients only', async () => {
      const motor = await env.app.partner(['motor-tpl-comparison']);
      expect((await env.app.request('/api/v1/property/address-from-short?short_address=RRRC7866', { token: motor.token })).status).toBe(403);
      const multi = await env.app.partner(['property-multi']);
      expect((await env.app.request('/api/v1/property/address-from-short?short_address=RRRC7866', { token: multi.token })).status).toBe(200);
    });
  });

  describe('GET /prices', () => {
    it('answers one entry per insurer with premium, 15% VAT and total, computed in halalas', async () => {
      const res = await env.app.request(`/api/v1/property/prices?${PRICE_QUERY}`, { token });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['caravan', 'dune', 'oryx', 'palm', 'pearl']);
      for (const [code, p] of Object.entries<any>(res.body)) {
        expect(p.insurance_provider).toBe(code);
        expect(p.vat_percentage).toBe(15);
        expect(Math.round(p.vat * 100)).toBe(Math.round(Math.round(p.subtotal * 100) * 0.15));
        expect(Math.round(p.total * 100)).toBe(Math.round(p.subtotal * 100) + Math.round(p.vat * 100));
        expect(p.price).toBe(p.total);
        expect(p.issuable).toBe(code === 'dune');
        expect(p.name).toEqual(expect.any(String));
        expect(p.name_ar).toMatch(/[\u0600-\u06FF]/);
      }
      // villa 15% + age 1% loading on 0.55 per mille of 850000 and 2.10 per mille of 120000: 467.50 + 252.00 = 719.50 x 1.16 = 834.62
      expect(res.body.dune.subtotal).toBe(834.62);
      const cheaper = await env.app.request(`/api/v1/property/prices?${PRICE_QUERY.replace('villa', 'apartment')}`, { token });
      expect(cheaper.body.dune.subtotal).toBeLessThan(res.body.dune.subtotal);
    });

    it('needs property_cost or contents_cost and valid values', async () => {
      const none = await env.app.request('/api/v1/property/prices?building_type=villa&building_age=6&apartment_size=420&city_name=Riyadh', { token });
      expect(none.status).toBe(422);
      expect(Object.keys(none.body.details).sort()).toEqual(['contents_cost', 'property_cost']);
      const bad = await env.app.request('/api/v1/property/prices?building_type=castle&building_age=-1&apartment_size=1.5&city_name=Paris&contents_cost=10', {
        token,
      });
      expect(Object.keys(bad.body.details).sort()).toEqual(['apartment_size', 'building_age', 'building_type', 'city_name']);
      const onlyContents = await env.app.request(
        '/api/v1/property/prices?building_type=apartment&building_age=0&apartment_size=90&city_name=jeddah&contents_cost=50000',
        { token },
      );
      expect(onlyContents.status).toBe(200);
    });

    it('leaves out an insurer that fails, and is 502 when none answers', async () => {
      await setInsurerFault(env.sandbox.baseUrl, 'palm', 'error');
      try {
        const res = await env.app.request(`/api/v1/property/prices?${PRICE_QUERY}`, { token });
        expect(res.status).toBe(200);
        expect(Object.keys(res.body).sort()).toEqual(['caravan', 'dune', 'oryx', 'pearl']);
        for (const code of ['dune', 'oryx', 'caravan', 'pearl']) await setInsurerFault(env.sandbox.baseUrl, code, 'error');
        const none = await env.app.request(`/api/v1/property/prices?${PRICE_QUERY}`, { token });
        expect(none.status).toBe(502);
      } finally {
        await fetch(`${env.sandbox.baseUrl}/__control/reset`, { method: 'POST' });
      }
    });
  });

  describe('POST /policies', () => {
    it("issues a pending policy with the insurer's price, a payment link and a pending payment", async () => {
      const prices = (await env.app.request(`/api/v1/property/prices?${PRICE_QUERY}`, { token })).body;
      const res = await issue(policyBody());
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(POLICY_FIELDS);
      expect(res.body).toMatchObject({
        status: 0,
        canceled_at: null,
        provider_policy: null,
        provider_policy_id: null,
        policy_url: null,
        client_id: clientId,
        price: prices.dune.total,
        redirect_url: `https://shop.example/done?policy=${res.body.id}&x=1`,
        meta_data: {
          insurance_provider: 'dune',
          property_cost: 850000,
          contents_cost: 120000,
          start_date: '2026-12-01',
          iban: policyBody().iban,
          has_agreed_to_terms_and_conditions: true,
          building_details: { building_type: 'villa', building_age: 6, apartment_size: 420 },
          personal_details: { name: 'Sara Ahmed', nationality_id: '1012345678' },
          address: { unit_number: '12', city_name: 'Riyadh' },
        },
      });
      expect(Object.keys(res.body.meta_data.address)).toEqual(Object.keys(policyBody().address));
      expect(Object.keys(res.body.meta_data.personal_details)).toEqual(Object.keys(policyBody().personal_details));
      expect(res.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
      expect(res.body.payment_link).toMatch(new RegExp(`^${env.app.url}/pay/[\\w-]{32}$`));
      const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'property', policyId: res.body.id } });
      expect(payment).toMatchObject({ status: 'pending', currency: 'SAR', clientId });
      expect(payment.amount.toFixed(2)).toBe(prices.dune.total.toFixed(2));
      const row = await env.app.db.prisma.propertyPolicy.findUniqueOrThrow({ where: { id: res.body.id } });
      expect(row.endDate.toISOString().slice(0, 10)).toBe('2027-12-01');
      expect(row.productCode).toBe('property-comparison');
    });

    it('accepts contents_cost alone, property_cost alone, terms as 1 or yes, and a case-insensitive city', async () => {
      expect((await issue(policyBody({ property_cost: null, contents_cost: '60000.50' }))).status).toBe(201);
      expect((await issue(withField('contents_cost', undefined))).status).toBe(201);
      expect((await issue(policyBody({ has_agreed_to_terms_and_conditions: 1 }))).status).toBe(201);
      expect((await issue(policyBody({ has_agreed_to_terms_and_conditions: 'yes' }))).status).toBe(201);
      const city = await issue(withField('address.city_name', 'jeddah'));
      expect(city.status).toBe(201);
      expect(city.body.meta_data.address.city_name).toBe('Jeddah');
    });

    const rules: Array<[string, unknown]> = [
      ['insurance_provider', 'palm'],
      ['insurance_provider', undefined],
      ['personal_details', undefined],
      ['personal_details.name', 'سارة Ahmed'],
      ['personal_details.name', 'A'.repeat(256)],
      ['personal_details.name', undefined],
      ['personal_details.name_ar', 'Sara Ahmed'],
      ['personal_details.name_ar', 'س'.repeat(256)],
      ['personal_details.gender', 'female'],
      ['personal_details.email', 'not-an-email'],
      ['personal_details.email', `${'a'.repeat(250)}@x.com`],
      ['personal_details.phone_number', '0512345678'],
      ['personal_details.phone_number', '+96651234'],
      ['personal_details.phone_number', '+9665123456789012'],
      ['personal_details.birthdate', '1990-02-30'],
      ['personal_details.birthdate', '2030-01-01'],
      ['personal_details.nationality', 'XX'],
      ['personal_details.nationality', 'sa'],
      ['personal_details.nationality_id', '1'.repeat(21)],
      ['personal_details.nationality_id', ''],
      ['building_details.building_age', -1],
      ['building_details.building_age', 2.5],
      ['building_details.building_type', 'Apartment'],
      ['building_details.apartment_size', -10],
      ['building_details.apartment_size', '420'],
      ['address.street_name', 'S'.repeat(256)],
      ['address.building_number', '1'.repeat(51)],
      ['address.district_name', 'D'.repeat(256)],
      ['address.city_name', 'Dubai'],
      ['address.additional_number', '1'.repeat(21)],
      ['address.zip_code', '1'.repeat(21)],
      ['address.unit_number', '1'.repeat(21)],
      ['address.unit_number', undefined],
      ['property_cost', -5],
      ['contents_cost', '12.345'],
      ['iban', 'SA0380000000608010167518'],
      ['iban', 'GB0380000000608010167519'],
      ['start_date', '2026-11-22'],
      ['start_date', '2026-11-21'],
      ['start_date', '2026-13-01'],
      ['start_date', '2027-11-23'],
      ['start_date', '9999-12-31'],
      ['has_agreed_to_terms_and_conditions', false],
      ['has_agreed_to_terms_and_conditions', 'no'],
      ['has_agreed_to_terms_and_conditions', undefined],
      ['redirect_url', 'javascript:alert(1)'],
    ];

    it.each(rules)('refuses %s = %j with a 422 naming it', async (field, value) => {
      const before = await env.app.db.prisma.propertyPolicy.count();
      const res = await issue(withField(field, value));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('42201');
      expect(Object.keys(res.body.details)).toEqual([field]);
      expect(await env.app.db.prisma.propertyPolicy.count()).toBe(before);
    });

    it('names every failing field at once, cross-field rules included', async () => {
      const res = await issue(
        policyBody({
          insurance_provider: 'palm',
          start_date: '2026-11-22',
          property_cost: null,
          contents_cost: null,
          iban: 'SA00',
          has_agreed_to_terms_and_conditions: 0,
        }),
      );
      expect(Object.keys(res.body.details).sort()).toEqual([
        'contents_cost',
        'has_agreed_to_terms_and_conditions',
        'iban',
        'insurance_provider',
        'property_cost',
        'start_date',
      ]);
    });

    it('needs property_cost or contents_cost', async () => {
      const res = await issue(policyBody({ property_cost: null, contents_cost: null }));
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.details).sort()).toEqual(['contents_cost', 'property_cost']);
    });

    it('accepts tomorrow as the start date, and rejects unknown fields', async () => {
      expect((await issue(policyBody({ start_date: '2026-11-23' }))).status).toBe(201);
      const extra = await issue(policyBody({ discount: 10 }));
      expect(extra.status).toBe(422);
      expect(Object.keys(extra.body.details)).toEqual(['discount']);
    });

    it('enforces the configured issuance provider', async () => {
      const other = await startMotorEnv({ env: { PROPERTY_ISSUANCE_PROVIDERS: 'oryx' } });
      try {
        const t = (await other.app.partner(['property-multi'])).token;
        const dune = await other.app.request('/api/v1/property/policies', { token: t, json: policyBody() });
        expect(dune.status).toBe(422);
        expect(dune.body.details.insurance_provider[0]).toMatch(/oryx/);
        const oryx = await other.app.request('/api/v1/property/policies', { token: t, json: policyBody({ insurance_provider: 'oryx' }) });
        expect(oryx.status).toBe(201);
        const prices = await other.app.request(`/api/v1/property/prices?${PRICE_QUERY}`, { token: t });
        expect(prices.body.oryx.issuable).toBe(true);
        expect(prices.body.dune.issuable).toBe(false);
      } finally {
        await other.close();
      }
    });

    it('writes nothing and answers 502 when the insurer fails while pricing', async () => {
      const before = await env.app.db.prisma.propertyPolicy.count();
      await setInsurerFault(env.sandbox.baseUrl, 'dune', 'error');
      try {
        const res = await issue(policyBody());
        expect(res.status).toBe(502);
        expect(res.body.code).toBe('50201');
      } finally {
        await setInsurerFault(env.sandbox.baseUrl, 'dune', 'none');
      }
      expect(await env.app.db.prisma.propertyPolicy.count()).toBe(before);
      expect(await env.app.db.prisma.payment.count({ where: { policyType: 'property', policyId: { gt: 0 } } })).toBe(before);
    });
  });

  describe('GET /policies and /policies/{id}', () => {
    it("lists the client's policies in the paginator envelope, filtered by nationality_id, status and date", async () => {
      await issue(policyBody({ personal_details: { ...policyBody().personal_details, nationality_id: 'P1234567', nationality: 'GB' } }));
      const all = await env.app.request('/api/v1/property/policies?per_page=2', { token });
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ current_page: 1, per_page: 2 });
      expect(all.body.data).toHaveLength(2);
      expect(all.body.total).toBeGreaterThan(2);
      expect(all.body.next_page_url).toContain('page=2');
      const byId = await env.app.request('/api/v1/property/policies?nationality_id=P1234567', { token });
      expect(byId.body.total).toBe(1);
      expect(byId.body.data[0].meta_data.personal_details.nationality).toBe('GB');
      expect((await env.app.request('/api/v1/property/policies?status=1', { token })).body.total).toBe(0);
      expect((await env.app.request('/api/v1/property/policies?status=0', { token })).body.total).toBe(all.body.total);
      expect((await env.app.request('/api/v1/property/policies?created_from=2026-11-22&created_to=2026-11-22', { token })).body.total).toBe(all.body.total);
      expect((await env.app.request('/api/v1/property/policies?created_from=2026-11-23', { token })).body.total).toBe(0);
      expect((await env.app.request('/api/v1/property/policies?created_to=2026-11-21', { token })).body.total).toBe(0);
      // the last day there is: its next day is counted by the database, not written as a JavaScript instant
      expect((await env.app.request('/api/v1/property/policies?created_to=9999-12-31', { token })).body.total).toBe(all.body.total);
      const bad = await env.app.request('/api/v1/property/policies?status=7&created_from=yesterday', { token });
      expect(Object.keys(bad.body.details).sort()).toEqual(['created_from', 'status']);
    });

    it("shows a policy, and another client's policy is 404", async () => {
      const mine = (await env.app.request('/api/v1/property/policies', { token })).body.data[0];
      const shown = await env.app.request(`/api/v1/property/policies/${mine.id}`, { token });
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual(mine);
      const other = await env.app.partner(['property-comparison']);
      expect((await env.app.request(`/api/v1/property/policies/${mine.id}`, { token: other.token })).status).toBe(404);
      expect((await env.app.request(`/api/v1/property/policies/${mine.id}/cancellation-status`, { token: other.token })).status).toBe(404);
      expect((await env.app.request(`/api/v1/property/policies/${mine.id}/cancellation`, { token: other.token, json: {} })).status).toBe(404);
      expect((await env.app.request('/api/v1/property/policies', { token: other.token })).body.total).toBe(0);
      expect((await env.app.request('/api/v1/property/policies/99999', { token })).status).toBe(404);
    });

    it("keeps the customer's personal data out of the logs", async () => {
      await env.app.request('/api/v1/property/policies?nationality_id=1012345678', { token });
      const logs = env.app.rawLogs();
      expect(logs).toContain('/api/v1/property/policies');
      for (const pii of ['1012345678', policyBody().iban, '+966512345678', 'sara@example.com', 'Sara Ahmed']) expect(logs).not.toContain(pii);
    });
  });
});
