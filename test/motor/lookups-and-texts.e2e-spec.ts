import { startTestApp, TestApp } from '../support/test-app';

describe('vehicle lookups and guideline texts', () => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp();
    token = (await app.partner(['motor-tpl-comparison'])).token;
  });
  afterAll(() => app.close());

  const get = (path: string) => app.request(`/api/v1/car-comp${path}`, { token });

  it('lists makers with models, searches English and Arabic, and matches a numeric code exactly', async () => {
    const all = await get('/vehicle-makers');
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThanOrEqual(40);
    expect(Object.keys(all.body[0]).sort()).toEqual(['code', 'name_ar', 'name_en']);
    const toyota = all.body.find((m: any) => m.name_en === 'Toyota');
    expect((await get(`/vehicle-makers?q=${encodeURIComponent('تويوتا')}`)).body.map((m: any) => m.code)).toContain(toyota.code);
    expect((await get('/vehicle-makers?q=TOYO')).body.map((m: any) => m.code)).toContain(toyota.code);
    expect((await get(`/vehicle-makers?q=${toyota.code}`)).body[0].code).toBe(toyota.code);
    expect((await get(`/vehicle-makers?q=${'x'.repeat(101)}`)).status).toBe(422);
  });

  it('lists only the models of the given maker, which is required and must exist', async () => {
    const makers = (await get('/vehicle-makers')).body;
    const toyota = makers.find((m: any) => m.name_en === 'Toyota');
    const models = await get(`/vehicle-models?maker_code=${toyota.code}`);
    expect(models.status).toBe(200);
    expect(models.body.map((m: any) => m.name_en)).toContain('Camry');
    expect((await get('/vehicle-models')).status).toBe(422);
    expect((await get('/vehicle-models?maker_code=999999')).status).toBe(422);
    const bodies = await get('/vehicle-body-types?q=sedan');
    expect(bodies.body.length).toBeGreaterThan(0);
  });

  it('serves the guideline texts in both languages with identical numbers', async () => {
    const res = await get('/guideline-texts');
    expect(res.status).toBe(200);
    for (const lang of ['en', 'ar']) {
      expect(Object.keys(res.body[lang]).sort()).toEqual(['faq', 'provider', 'support']);
      expect(Object.keys(res.body[lang].provider).sort()).toEqual(['brand', 'brand_url', 'license', 'pre', 'supervision']);
      expect(res.body[lang].faq).toHaveLength(8);
    }
    expect(res.body.ar.provider.license).toBe(res.body.en.provider.license);
    expect(res.body.ar.support.tollfree_number).toBe(res.body.en.support.tollfree_number);
    expect(res.body.ar.faq[0].question).toMatch(/[\u0600-\u06FF]/);
  });
});
