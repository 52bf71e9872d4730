import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { cancellationForm, eventually, payLink, PDF, TRUNCATED_PDF } from '../life/life-kit';

const DAY = 86_400_000;

const body = (horse: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) => ({
  horse: {
    name: 'Desert Wind',
    breed: 'Arabian',
    date_of_birth: '2019-03-01',
    sex: 'male',
    color: 'grey',
    use: 'racing',
    microchip_number: '682000000012345',
    value: 250000,
    ...horse,
  },
  owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
  declaration: true,
  ...rest,
});

describe('horse policies', () => {
  let env: MotorTestEnv;
  let token: string;
  const create = (json: unknown, t = token) => env.app.request('/api/v1/horse/policies', { token: t, json });
  const show = (id: number, t = token) => env.app.request(`/api/v1/horse/policies/${id}`, { token: t });
  const cancel = (id: number, form?: FormData, t = token) =>
    env.app.request(`/api/v1/horse/policies/${id}/cancellation`, { token: t, method: 'POST', body: form });
  const activePolicy = async (over: Record<string, unknown> = {}) => {
    const res = await create(body(over));
    if (res.status !== 201) throw new Error(`create ${res.status} ${res.text}`);
    await payLink(res.body.payment_link);
    return eventually(async () => {
      const p = (await show(res.body.id)).body;
      return p.status === 1 ? p : null;
    });
  };

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    token = (await env.app.partner(['horse'])).token;
  });
  afterAll(() => env.close());

  it('prices the horse with the insurer (use, age, value), adds VAT, and activates on payment', async () => {
    const res = await create(body());
    expect(res.status).toBe(201);
    // racing 6.50 % of 250000, a 7-year-old (no age loading) = 16250.00; VAT 15 % = 2437.50
    expect(res.body).toMatchObject({ status: 0, net_premium: 16250, vat: 2437.5, price: 18687.5, provider_policy_id: null, insurer_code: 'caravan' });
    expect(res.body.horse).toMatchObject({ name: 'Desert Wind', microchip_number: '682000000012345', value: 250000 });
    expect(res.body.payment_link).toMatch(new RegExp(`^${env.app.url}/pay/`));
    const older = await create(body({ date_of_birth: '2010-01-01', use: 'leisure', value: 100000 }));
    // leisure 3.25 %, 16 years old: 3.25 x (1 + 0.10 x 4) = 4.55 % of 100000 = 4550.00 + 682.50 VAT
    expect(older.body).toMatchObject({ net_premium: 4550, vat: 682.5, price: 5232.5 });

    await payLink(res.body.payment_link);
    const active = await eventually(async () => ((await show(res.body.id)).body.status === 1 ? (await show(res.body.id)).body : null));
    expect(active.provider_policy_id).toMatch(/^\d+$/);
    expect(active).toMatchObject({ start_date: '2026-11-22', end_date: '2027-11-21', payment_link: null });
  });

  it.each([
    [body({ name: '' }), 'horse.name'],
    [body({ breed: undefined }), 'horse.breed'],
    [body({ date_of_birth: '2019-02-30' }), 'horse.date_of_birth'],
    [body({ date_of_birth: '2030-01-01' }), 'horse.date_of_birth'],
    [body({ sex: 'stallionish' }), 'horse.sex'],
    [body({ use: 'polo' }), 'horse.use'],
    [body({ microchip_number: undefined }), 'horse.microchip_number'],
    [body({ microchip_number: '12345' }), 'horse.microchip_number'],
    [body({ microchip_number: undefined, passport_number: 'abc' }), 'horse.passport_number'],
    [body({ value: 4999 }), 'horse.value'],
    [body({ value: 10000.555 }), 'horse.value'],
    [body({}, { owner: { name: 'A', id: '3012345678', email: 'a@example.com', phone: '0512345678' } }), 'owner.id'],
    [body({}, { owner: { name: 'A', id: '1012345678', email: 'nope', phone: '0512345678' } }), 'owner.email'],
    [body({}, { owner: { name: 'A', id: '1012345678', email: 'a@example.com', phone: '0412345678' } }), 'owner.phone'],
    [body({}, { declaration: false }), 'declaration'],
    [body({}, { proposer_name: 'x' }), 'proposer_name'],
    [body({ date_of_birth: '2000-01-01' }), 'horse'],
    [body({ value: 6000000 }), 'horse'],
  ])('refuses %j, writing nothing', async (json, field) => {
    const before = await env.app.db.prisma.horsePolicy.count();
    const res = await create(json);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details)).toContain(field);
    expect(await env.app.db.prisma.horsePolicy.count()).toBe(before);
  });

  it('accepts a passport number instead of a microchip', async () => {
    const res = await create(body({ microchip_number: undefined, passport_number: '682001ABC123456' }));
    expect(res.status).toBe(201);
  });

  it('keeps policies to their client and needs enrolment', async () => {
    const mine = (await create(body())).body;
    const other = await env.app.partner(['horse']);
    expect((await show(mine.id, other.token)).status).toBe(404);
    expect((await cancel(mine.id, undefined, other.token)).status).toBe(404);
    const lifeOnly = await env.app.partner(['life-snp']);
    expect((await create(body(), lifeOnly.token)).status).toBe(403);
  });

  it('refunds everything within 15 days, then refuses a second cancellation with 400', async () => {
    const policy = await activePolicy();
    env.app.clock.advance(14 * DAY);
    const res = await cancel(policy.id, cancellationForm({ cancellation_document: PDF }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 2, refund_amount: policy.price });
    expect(res.body.cancellation_document).toMatch(/\.pdf$/);
    const again = await cancel(policy.id);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('40010');
  });

  it('refunds the unused days of the year after cooling-off, and checks the document', async () => {
    const policy = await activePolicy();
    expect((await cancel(policy.id, cancellationForm({ cancellation_document: TRUNCATED_PDF }))).status).toBe(422);
    env.app.clock.advance(100 * DAY);
    const res = await cancel(policy.id);
    expect(res.status).toBe(200);
    const start = Date.parse(`${policy.start_date}T00:00:00Z`);
    const end = Date.UTC(new Date(start).getUTCFullYear() + 1, new Date(start).getUTCMonth(), new Date(start).getUTCDate());
    const now = env.app.clock.now();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const unused = BigInt(Math.round((end - today) / DAY));
    const days = BigInt(Math.round((end - start) / DAY));
    const cents = BigInt(Math.round(policy.price * 100)) * unused;
    expect(res.body.refund_amount).toBe(Number((cents * 2n + days) / (2n * days)) / 100);
    expect(res.body.refund_amount).toBeLessThan(policy.price);
  });

  it('does not cancel a policy awaiting payment', async () => {
    const pending = (await create(body())).body;
    expect((await cancel(pending.id)).status).toBe(409);
  });
});
