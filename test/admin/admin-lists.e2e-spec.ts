import { startTestApp, TestApp } from '../support/test-app';
import { signIn, StaffSession } from './admin-kit';

const q = (o: Record<string, unknown>) => new URLSearchParams(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)]))).toString();

describe('admin list convention (sort, range, filter, Content-Range) and PII masking', () => {
  let app: TestApp;
  let admin: StaffSession;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await signIn(app, 'admin');
    for (const name of ['Delta', 'Alpha', 'Charlie', 'Bravo', 'Echo']) {
      const res = await admin.call('/admin/api/clients', { json: { name, products: name === 'Echo' ? ['horse'] : ['motor-tpl'] } });
      expect(res.status).toBe(201);
      app.clock.advance(1000);
    }
    await admin.call(`/admin/api/clients/${(await app.db.prisma.apiClient.findFirstOrThrow({ where: { name: 'Delta' } })).id}/deactivate`, { method: 'POST' });
  });
  afterAll(() => app.close());

  it('sorts, pages and counts the ra-data-simple-rest way', async () => {
    const res = await admin.call(`/admin/api/clients?${q({ sort: ['name', 'ASC'], range: [1, 2] })}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('clients 1-2/5');
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(['Bravo', 'Charlie']);
    const newest = await admin.call(`/admin/api/clients?${q({ sort: ['created_at', 'DESC'], range: [0, 0] })}`);
    expect(newest.body[0].name).toBe('Echo');
  });

  it('filters by q, active, product and ids (getMany)', async () => {
    const names = async (filter: object) =>
      (await admin.call(`/admin/api/clients?${q({ filter, sort: ['name', 'ASC'] })}`)).body.map((c: { name: string }) => c.name);
    expect(await names({ q: 'ALP' })).toEqual(['Alpha']);
    expect(await names({ active: false })).toEqual(['Delta']);
    expect(await names({ product: 'horse' })).toEqual(['Echo']);
    const ids = (await app.db.prisma.apiClient.findMany({ where: { name: { in: ['Alpha', 'Echo'] } } })).map((c) => c.id);
    expect(await names({ id: ids })).toEqual(['Alpha', 'Echo']);
  });

  it('an empty page says so in Content-Range', async () => {
    const res = await admin.call(`/admin/api/clients?${q({ filter: { q: 'zzz' } })}`);
    expect(res.body).toEqual([]);
    expect(res.headers.get('content-range')).toBe('clients */0');
  });

  it('answers 422 naming the bad list parameter', async () => {
    const bad = async (query: string) => (await admin.call(`/admin/api/clients?${query}`)).body;
    expect((await bad(q({ sort: ['secret_hash', 'ASC'] }))).details).toEqual({
      'sort.0': ['The sort field must be one of: name, created_at, active, secret_rotated_at, id.'],
    });
    expect((await bad(q({ range: [0, 500] }))).details).toEqual({ range: ['The range may cover at most 100 rows.'] });
    expect((await bad('filter=nope')).details).toEqual({ filter: ['The filter must be JSON, e.g. {"q":"acme"}.'] });
    expect((await bad(q({ filter: { owner: 'x' } }))).details).toEqual({ 'filter.owner': ['The owner field is not allowed.'] });
    expect((await bad('page=2')).status).toBe(422);
  });

  it('shows contact email and phone in full to roles that need them and masked to the others', async () => {
    const created = await admin.call('/admin/api/clients', {
      json: { name: 'Contactable', products: [], contact_name: 'Sara Ali', contact_email: 'sara.ali@partner.sa', contact_phone: '0551234567' },
    });
    expect(created.body).toMatchObject({ contact_email: 'sara.ali@partner.sa', contact_phone: '0551234567' });
    const expected = {
      admin: { contact_email: 'sara.ali@partner.sa', contact_phone: '0551234567' },
      operations: { contact_email: 'sara.ali@partner.sa', contact_phone: '0551234567' },
      account_manager: { contact_email: 'sara.ali@partner.sa', contact_phone: '0551234567' },
      claims_handler: { contact_email: 's***@partner.sa', contact_phone: '05******67' },
    } as const;
    for (const [role, fields] of Object.entries(expected)) {
      const s = role === 'admin' ? admin : await signIn(app, role as keyof typeof expected);
      const show = await s.call(`/admin/api/clients/${created.body.id}`);
      expect([role, show.body]).toEqual([role, expect.objectContaining({ ...fields, contact_name: 'Sara Ali', name: 'Contactable' })]);
      const list = await s.call(`/admin/api/clients?${q({ filter: { id: [created.body.id] } })}`);
      expect([role, list.body[0]]).toEqual([role, expect.objectContaining(fields)]);
    }
  });

  it('validates contact fields and renames through PUT', async () => {
    const id = (await app.db.prisma.apiClient.findFirstOrThrow({ where: { name: 'Alpha' } })).id;
    const bad = await admin.call(`/admin/api/clients/${id}`, { method: 'PUT', json: { contact_email: 'not-an-email', contact_phone: 'abc', products: [] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['contact_email', 'contact_phone', 'products']);
    const ok = await admin.call(`/admin/api/clients/${id}`, { method: 'PUT', json: { name: 'Alpha Insurance Brokers', contact_email: 'hello@alpha.sa' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Alpha Insurance Brokers', contact_email: 'hello@alpha.sa' });
  });

  it('an unknown admin API path is a JSON 404, not the console page', async () => {
    const res = await admin.call('/admin/api/nowhere');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: '40402' });
  });
});
