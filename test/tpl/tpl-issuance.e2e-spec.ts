import { jpegPhoto } from '../support/photo-files';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { browse, CARDS, payWithCard } from '../payments/payment-kit';
import { form, issueForm, nextVehicle, pdfDocument, registerDocument } from './tpl-kit';

describe('TPL motor v2: POST and GET /v2/car/policies', () => {
  let env: MotorTestEnv;
  let token: string;
  let client: { id: string; secret: string };

  beforeAll(async () => {
    env = await startMotorEnv();
    const p = await env.app.partner(['motor-tpl']);
    client = p;
    token = p.token;
  });
  afterAll(() => env.close());

  const issue = (body: FormData, who = token) => env.app.request('/v2/car/policies', { method: 'POST', token: who, body });

  it("issues a pending policy with the flat price and a payment link; paying issues it with the insurer's policy number", async () => {
    const v = nextVehicle();
    const res = await issue(await issueForm(env, v, { extra_fields: '{"order":"A-1"}' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 0,
      price: 977.5,
      provider_policy_id: null,
      insurance_company_id: 'dune',
      meta_data: {
        vin: v.vin,
        car_sequence_number: v.car_sequence_number,
        current_car_owner: v.current_car_owner,
        new_owner_id: v.new_owner_id,
        email: 'buyer@example.com',
        extra_fields: { order: 'A-1' },
      },
    });
    expect(res.body.meta_data.istimarah).toMatch(new RegExp(`^${env.app.url}/files/[0-9a-f-]{36}\\.pdf$`));
    expect(res.body.payment_link).toMatch(/\/pay\//);
    const payment = await env.app.db.prisma.payment.findFirst({ where: { policyType: 'tpl', policyId: res.body.id } });
    expect(payment).toMatchObject({ status: 'pending' });
    expect(payment!.amount.toString()).toBe('977.5');

    const hops = await payWithCard(res.body.payment_link, CARDS.success);
    await browse(hops.submitted.location!);
    const shown = await env.app.request(`/v2/car/policies/${res.body.id}`, { token });
    expect(shown.body).toMatchObject({ status: 1, payment_link: null, start_date: '2026-11-23', end_date: '2027-11-22' });
    expect(shown.body.provider_policy_id).toMatch(/^\d+$/);
  });

  it('accepts a JPEG istimarah, judged by content whatever its name', async () => {
    const v = nextVehicle();
    const jpeg = await jpegPhoto(77);
    await registerDocument(env, jpeg, {
      vin: v.vin,
      car_sequence_number: v.car_sequence_number,
      owner_id: v.current_car_owner,
      ownership_transfer_complete: false,
    });
    const res = await issue(form({ email: 'b@example.com', ...v }, { istimarah: { bytes: jpeg, name: 'scan.pdf', type: 'application/pdf' } }));
    expect(res.status).toBe(201);
    expect(res.body.meta_data.istimarah).toMatch(/\.jpg$/);
  });

  it('422 naming every missing field at once', async () => {
    const res = await issue(form({ unexpected: 'x' }));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('42201');
    expect(Object.keys(res.body.details).sort()).toEqual(
      ['car_sequence_number', 'current_car_owner', 'email', 'istimarah', 'new_owner_id', 'unexpected', 'vin'].sort(),
    );
  });

  it.each([
    ['email', { email: 'not-an-email' }, /valid email/],
    ['vin', { vin: '1HGCM82633A00435' }, /exactly 17 characters/],
    ['vin', { vin: 'WDBIO000000000001' }, /I, O or Q/],
    ['vin', { vin: '1HGCM82623A004352' }, /check digit/],
    ['car_sequence_number', { car_sequence_number: '1234567' }, /between 8 and 9 digits/],
    ['car_sequence_number', { car_sequence_number: '12345678a' }, /between 8 and 9 digits/],
    ['current_car_owner', { current_car_owner: '3012345678' }, /10 digits starting with 1/],
    ['new_owner_id', { new_owner_id: '101234567' }, /10 digits starting with 1/],
    ['new_owner_id', { new_owner_id: '1012345678' }, /must differ/],
    ['extra_fields', { extra_fields: '[1,2]' }, /JSON object/],
    ['extra_fields', { extra_fields: '{nope' }, /JSON object/],
    ['extra_fields', { extra_fields: JSON.stringify({ a: 'x'.repeat(260) }) }, /255/],
  ])('422 on %s (%j)', async (field, over, message) => {
    const res = await issue(await issueForm(env, nextVehicle(), over as Record<string, string>));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details)).toEqual([field]);
    expect(res.body.details[field].join(' ')).toMatch(message);
  });

  it('a North-American VIN with a correct check digit is accepted', async () => {
    const v = { ...nextVehicle(), vin: '1HGCM82633A004352' };
    const res = await issue(await issueForm(env, v));
    expect(res.status).toBe(201);
  });

  it.each([
    ['a text file named .pdf', Buffer.from('just some text, not a document\n'.repeat(10)), /PDF, JPG or PNG/],
    ['a truncated PDF', pdfDocument('cut').subarray(0, 60), /truncated/],
    ['an empty file', Buffer.alloc(0), /empty/],
  ])('422 on the istimarah: %s', async (_what, bytes, message) => {
    const res = await issue(form({ email: 'b@example.com', ...nextVehicle() }, { istimarah: { bytes } }));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details)).toEqual(['istimarah']);
    expect(res.body.details.istimarah[0]).toMatch(message);
  });

  it('422 on an istimarah above 10 MB, and on an istimarah sent as text', async () => {
    const big = Buffer.concat([pdfDocument('big'), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await issue(form({ email: 'b@example.com', ...nextVehicle() }, { istimarah: { bytes: big } }));
    expect(res.status).toBe(422);
    expect(res.body.details.istimarah[0]).toMatch(/10 MB/);
    const asText = await issue(form({ email: 'b@example.com', ...nextVehicle(), istimarah: 'abc' }));
    expect(asText.status).toBe(422);
    expect(asText.body.details.istimarah[0]).toMatch(/must be a file/);
  });

  it('413 when the body has more file parts than the route takes (3), and no policy is made', async () => {
    const v = nextVehicle();
    const doc = { bytes: pdfDocument(`many-${v.vin}`) };
    const res = await issue(form({ email: 'b@example.com', ...v }, { istimarah: doc, a: doc, b: doc, c: doc }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: 413, message: 'The upload has too many parts.' });
    expect(await env.app.db.prisma.tplPolicy.count({ where: { vin: v.vin } })).toBe(0);
  });

  it('415 when the body is not multipart', async () => {
    const res = await env.app.request('/v2/car/policies', { token, json: { email: 'b@example.com' } });
    expect(res.status).toBe(415);
  });

  it('one active policy per VIN, across clients; 422 on the vin', async () => {
    const v = nextVehicle();
    expect((await issue(await issueForm(env, v))).status).toBe(201);
    const again = await issue(await issueForm(env, v));
    expect(again.status).toBe(422);
    expect(again.body.details.vin[0]).toMatch(/active TPL policy/);
    const other = await env.app.partner(['motor-tpl']);
    const theirs = await issue(await issueForm(env, v), other.token);
    expect(theirs.status).toBe(422);
  });

  it('a pending policy whose payment link lapsed unpaid no longer holds the VIN: it is closed when the VIN is issued again', async () => {
    const v = nextVehicle();
    const first = await issue(await issueForm(env, v));
    env.app.clock.advance(23 * 3_600_000);
    expect((await issue(await issueForm(env, v))).status).toBe(422);
    env.app.clock.advance(2 * 3_600_000);
    token = await env.app.token(client);
    const again = await issue(await issueForm(env, v));
    expect(again.status).toBe(201);
    const old = await env.app.db.prisma.tplPolicy.findUniqueOrThrow({ where: { id: first.body.id } });
    expect(old).toMatchObject({ status: 2, canceledBy: 'payment-lapsed' });
    expect((await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'tpl', policyId: first.body.id } })).status).toBe('expired');
  });

  it('puts the policy on hold (status 3, no payment) when the registry does not know the istimarah or it shows another owner', async () => {
    const unknown = await issue(await issueForm(env, nextVehicle(), {}, false));
    expect(unknown.status).toBe(201);
    expect(unknown.body).toMatchObject({ status: 3, payment_link: null });
    expect(unknown.body.meta_data.incorrect_info_message).toMatch(/not in the vehicle registry/);
    expect(await env.app.db.prisma.payment.count({ where: { policyType: 'tpl', policyId: unknown.body.id } })).toBe(0);

    const v = nextVehicle();
    const istimarah = pdfDocument(`other-owner-${v.vin}`);
    await registerDocument(env, istimarah, {
      vin: v.vin,
      car_sequence_number: v.car_sequence_number,
      owner_id: '1111111111',
      ownership_transfer_complete: false,
    });
    const held = await issue(form({ email: 'b@example.com', ...v }, { istimarah: { bytes: istimarah } }));
    expect(held.body).toMatchObject({ status: 3 });
    expect(held.body.meta_data.incorrect_info_message).toMatch(/current_car_owner/);
    // On hold does not count as active: the corrected issuance goes through.
    expect((await issue(await issueForm(env, v))).body.status).toBe(0);
  });

  it("lists the client's own policies only, with filters; another client's policy is 404", async () => {
    const mine = await env.app.partner(['motor-tpl']);
    const other = await env.app.partner(['motor-tpl']);
    const v1 = nextVehicle();
    const a = await issue(await issueForm(env, v1), mine.token);
    await issue(await issueForm(env, nextVehicle()), mine.token);
    const theirs = await issue(await issueForm(env, nextVehicle()), other.token);

    const list = await env.app.request('/v2/car/policies', { token: mine.token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.data.map((p: any) => p.id)).not.toContain(theirs.body.id);
    const filtered = await env.app.request(`/v2/car/policies?vin=${v1.vin}`, { token: mine.token });
    expect(filtered.body.data.map((p: any) => p.id)).toEqual([a.body.id]);
    const bySeq = await env.app.request(`/v2/car/policies?car_sequence_number=${v1.car_sequence_number}&status=0`, { token: mine.token });
    expect(bySeq.body.data.map((p: any) => p.id)).toEqual([a.body.id]);
    expect((await env.app.request('/v2/car/policies?status=7', { token: mine.token })).status).toBe(422);
    expect((await env.app.request(`/v2/car/policies/${theirs.body.id}`, { token: mine.token })).status).toBe(404);
  });

  it('documents every TPL v2 route in the OpenAPI, with the multipart fields and the statuses', async () => {
    const doc = (await env.app.request('/openapi.json')).body;
    const issueOp = doc.paths['/v2/car/policies'].post;
    expect(Object.keys(issueOp.requestBody.content['multipart/form-data'].schema.properties).sort()).toEqual(
      ['car_sequence_number', 'current_car_owner', 'email', 'extra_fields', 'istimarah', 'new_owner_id', 'redirect_url', 'vin'].sort(),
    );
    expect(issueOp.description).toContain('3 on hold');
    expect(Object.keys(issueOp.responses)).toEqual(expect.arrayContaining(['201', '401', '403', '413', '415', '422', '429', '502']));
    expect(doc.paths['/v2/car/policies'].get).toBeDefined();
    expect(doc.paths['/v2/car/policies/{carPolicy}'].get).toBeDefined();
    const cancelOp = doc.paths['/v2/car/policies/{carPolicy}/cancellation'].post;
    expect(cancelOp.description).toContain('The cancellation document is incorrect');
    expect(Object.keys(cancelOp.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '409', '422']));
    expect(doc.paths['/v2/clients/policies/cancellation'].post.requestBody.content['multipart/form-data'].schema.required).toEqual([
      'vin',
      'email',
      'cancellation_document',
    ]);
  });

  it('403 for a client not enrolled in TPL motor', async () => {
    const motorOnly = await env.app.partner(['motor-comprehensive-comparison']);
    expect((await env.app.request('/v2/car/policies', { token: motorOnly.token })).status).toBe(403);
  });

  it('rate limits: 30 POSTs and 120 GETs per minute per client, then 429', async () => {
    const p = await env.app.partner(['motor-tpl']);
    for (let i = 0; i < 30; i++) expect((await issue(form({}), p.token)).status).toBe(422);
    const limited = await issue(form({}), p.token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    for (let i = 0; i < 120; i++) expect((await env.app.request('/v2/car/policies', { token: p.token })).status).toBe(200);
    expect((await env.app.request('/v2/car/policies', { token: p.token })).status).toBe(429);
  });
});
