import { signIn, StaffSession } from '../admin/admin-kit';
import { COMPANY } from '../medical/medical-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { policyBody, withField } from '../support/property-kit';
import { form, issueForm, nextVehicle } from '../tpl/tpl-kit';

const NUL = '\u0000';
const REFUSED = /contains a character that is not allowed in text \(U\+0000\)/;

/**
 * Text no field may hold (NUL, other controls, unpaired surrogates) is a 422 naming the field wherever it enters:
 * JSON bodies of every family and the admin API, query strings, JSON carried in a query or a text field, multipart
 * text fields and part names, the staff sign-in. Nothing is written; never a 500.
 */
describe('hostile input: control characters and unicode tricks', () => {
  let env: MotorTestEnv;
  let token: string;
  let clientId: string;
  let admin: StaffSession;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    const partner = await env.app.partner();
    token = partner.token;
    clientId = partner.id;
    admin = await signIn(env.app, 'admin');
  });
  afterAll(() => env.close());

  const post = (path: string, json: unknown) => env.app.request(path, { token, json });
  const raw = (path: string, body: string) => env.app.request(path, { token, method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
  const expectRefused = (res: { status: number; body: any; text: string }, field: string) => {
    expect([field, res.status, res.text]).toEqual([field, 422, expect.any(String)]);
    expect(Object.keys(res.body.details)).toEqual([field]);
    expect(res.body.details[field][0]).toMatch(/contains a character that is not allowed|field name/);
  };
  const propertyCount = () => env.app.db.prisma.propertyPolicy.count();

  it('answers URLs the router refuses (a percent-encoding that does not decode, an over-long path segment) with the one error body', async () => {
    const badUrl = await env.app.request('/api/v1/medical/companies/%E0%A4%A', { token });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toMatchObject({ code: '40000', type: 'about:blank', title: 'Bad Request', status: 400 });
    expect(badUrl.body.message).toMatch(/URL is malformed/);
    const tooLong = await env.app.request(`/api/v1/medical/companies/${'9'.repeat(150)}`, { token });
    expect(tooLong.status).toBe(414);
    expect(tooLong.body).toMatchObject({ code: '41401', type: 'about:blank', title: 'URI Too Long', status: 414 });
  });

  it('refuses NUL in every property text field named by the issue, writing nothing', async () => {
    const before = await propertyCount();
    for (const field of ['address.street_name', 'personal_details.name', 'personal_details.name_ar', 'redirect_url', 'personal_details.email']) {
      const res = await post('/api/v1/property/policies', withField(field, `a${NUL}b`));
      expectRefused(res, field);
      expect(res.body.details[field][0]).toMatch(REFUSED);
    }
    expect(await propertyCount()).toBe(before);
  });

  it('refuses the other controls, DEL, C1 and unpaired surrogates, sent raw or as JSON escapes', async () => {
    for (const escaped of ['\\u0001', '\\u001b[31m', '\\u007f', '\\u0085', '\\ud800', '\\udc00x', 'x\\ud83d']) {
      const body = JSON.stringify(policyBody()).replace('Sara Ahmed', `Sara${escaped}Ahmed`);
      expectRefused(await raw('/api/v1/property/policies', body), 'personal_details.name');
    }
    // a NUL in a field name, and absurd nesting, are named too
    expectRefused(await raw('/api/v1/property/policies', JSON.stringify({ ...policyBody(), [`x${NUL}`]: 1 }).replace('\u0000', '\\u0000')), 'xU+0000');
    const deep = await raw('/api/v1/property/policies', `{"extra":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect(deep.status).toBe(422);
    expect(deep.text).toContain('nested too deeply');
  });

  it('answers a unicode-tricks cancellation with 422 or a clean cancellation, never a 500, and a refusal changes nothing', async () => {
    // an endpoint, so a cancellation also writes a webhook event (jsonb) in its transaction
    expect((await admin.call('/admin/api/webhook-endpoints', { json: { client_id: clientId, url: 'https://8.8.8.8/hooks' } })).status).toBe(201);
    const issue = async () => (await post('/api/v1/property/policies', policyBody())).body.id as number;
    const cancel = (id: number, body: string) => raw(`/api/v1/property/policies/${id}/cancellation`, body);

    for (const [name, body, field] of [
      ['NUL', `{"reason":"a\\u0000b"}`, 'reason'],
      ['lone high surrogate', '{"reason":"a\\ud800b"}', 'reason'],
      ['lone low surrogate', '{"reason":"\\udc00"}', 'reason'],
      ['escape sequence', '{"reason":"\\u001b[2J"}', 'reason'],
      ['NUL in a key', '{"reason":"x","\\u0000":1}', 'U+0000'],
    ] as const) {
      const id = await issue();
      const res = await cancel(id, body);
      expect([name, res.status]).toEqual([name, 422]);
      expect(Object.keys(res.body.details)).toEqual([field]);
      const row = await env.app.db.prisma.propertyPolicy.findUnique({ where: { id } });
      expect([name, row?.status]).toEqual([name, 0]);
    }
    for (const [name, body, status] of [
      ['number for text', '{"reason":1e999}', 422],
      ['array body', '[]', 422],
      ['__proto__', '{"__proto__":{"admin":true}}', 400],
      ['constructor.prototype', '{"constructor":{"prototype":{"admin":true}}}', 400],
      ['501 characters', JSON.stringify({ reason: 'x'.repeat(501) }), 422],
    ] as const) {
      expect([name, (await cancel(await issue(), body)).status]).toEqual([name, status]);
    }
    // real text, however unusual, is kept as sent
    for (const reason of ['\u202eevil\u202c \u2066isolated\u2069', '😀👩‍👩‍👧 سبب الإلغاء', 'e\u0301'.repeat(250), 'line one\nline two\ttabbed']) {
      const res = await cancel(await issue(), JSON.stringify({ reason }));
      expect(res.status).toBe(200);
      expect(res.body.cancellation.reason).toBe(reason);
    }
  });

  it('refuses NUL in medical, horse and query-string input', async () => {
    expectRefused(await post('/api/v1/medical/companies', { ...COMPANY, name: `Najd${NUL}` }), 'name');
    const horse = {
      horse: {
        name: `Desert${NUL}Wind`,
        breed: 'Arabian',
        date_of_birth: '2019-03-01',
        sex: 'male',
        color: 'grey',
        use: 'racing',
        microchip_number: '682000000012345',
        value: 250000,
      },
      owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
      declaration: true,
    };
    expectRefused(await post('/api/v1/horse/policies', horse), 'horse.name');
    expectRefused(
      await post('/api/v1/horse/policies', { ...horse, horse: { ...horse.horse, name: 'Desert Wind' }, owner: { ...horse.owner, name: `F${NUL}` } }),
      'owner.name',
    );
    expectRefused(await env.app.request('/api/v1/property/policies?nationality_id=%00', { token }), 'nationality_id');
    expectRefused(await env.app.request('/api/v1/car-comp/vehicle-makers?q=%01', { token }), 'q');
  });

  it('refuses NUL in multipart text fields and part names, and in JSON carried by a text field', async () => {
    const claim = new FormData();
    claim.append('claim_type', 'fire');
    claim.append('incident_date', '2026-11-20');
    claim.append('description', `Kitchen fire${NUL}`);
    claim.append('requested_amount', '1000');
    expectRefused(await env.app.request('/api/v1/property/policies/1/claims', { token, method: 'POST', body: claim }), 'description');

    const named = new FormData();
    named.append(`desc${NUL}`, 'x');
    expectRefused(await env.app.request('/api/v1/property/policies/1/claims', { token, method: 'POST', body: named }), 'descU+0000');

    const tpl = await issueForm(env, nextVehicle(), { extra_fields: '{"order":"A\\u0000"}' });
    expectRefused(await env.app.request('/v2/car/policies', { token, method: 'POST', body: tpl }), 'extra_fields.order');
    const seller = form({
      email: `buyer${NUL}@example.com`,
      vin: 'WDB12345612345678',
      car_sequence_number: '123456789',
      current_car_owner: '1012345678',
      new_owner_id: '1098765432',
    });
    expectRefused(await env.app.request('/v2/car/policies', { token, method: 'POST', body: seller }), 'email');
  });

  it('refuses NUL in the admin API, its JSON filters and the staff sign-in, unauthenticated too', async () => {
    expectRefused(await admin.call('/admin/api/clients', { json: { name: `Acme${NUL}` } }), 'name');
    expectRefused(
      await admin.call('/admin/api/webhook-endpoints', { json: { client_id: clientId, url: 'https://8.8.8.8/hooks', description: `shop${NUL}` } }),
      'description',
    );
    expectRefused(await admin.call(`/admin/api/clients?filter=${encodeURIComponent(JSON.stringify({ q: `a${NUL}` }))}`), 'filter.q');
    const login = await env.app.request('/admin/api/auth/login', {
      json: { email: `admin${NUL}@sandbox.test`, password: 'x'.repeat(12) },
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expectRefused(login, 'email');
    expect(await env.app.db.prisma.apiClient.count({ where: { name: { startsWith: 'Acme' } } })).toBe(0);
  });
});

describe('numeric ids: integers and decimal digit strings only', () => {
  let env: MotorTestEnv;
  let token: string;

  beforeAll(async () => {
    env = await startMotorEnv();
    token = (await env.app.partner(['sme-medical'])).token;
  });
  afterAll(() => env.close());

  it('refuses true, [1], "0x1", " 1 ", "1e0", "1.0", "" and out-of-range ids with a 422 naming company_id; takes 1 and "1"', async () => {
    const company = await env.app.request('/api/v1/medical/companies', { token, json: COMPANY });
    expect(company.status).toBe(200);
    const id = company.body.id as number;
    for (const bad of [true, [id], `0x${id.toString(16)}`, ` ${id} `, `${id}e0`, `${id}.0`, '', -id, 0, 2 ** 31, 2 ** 53, 1.5, null, { id }]) {
      const res = await env.app.request('/api/v1/medical/quote-requests', { token, json: { company_id: bad } });
      expect([bad, res.status]).toEqual([bad, 422]);
      expect(Object.keys(res.body.details)).toEqual(['company_id']);
    }
    // the number and its digits reach the company (no employees yet: that is the 422 now, on company_id)
    for (const good of [id, String(id)]) {
      const res = await env.app.request('/api/v1/medical/quote-requests', { token, json: { company_id: good } });
      expect(res.body.details.company_id).toEqual(['The company has no saved employees; PUT the employee list first.']);
    }
    for (const bad of ['0x1', '%201%20', '1e0', 'true']) {
      expect((await env.app.request(`/api/v1/medical/payment-due?company_id=${bad}`, { token })).status).toBe(422);
      expect((await env.app.request(`/api/v1/medical/companies/${bad}`, { token })).status).toBe(422);
    }
  });
});
