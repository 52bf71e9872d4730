import { PRODUCTION_ENV } from '../support/production-env';
import { startTestApp } from '../support/test-app';
import { MotorTestEnv, quoteBody, quoteOtp, startMotorEnv } from '../support/motor-kit';
import { policyBody } from '../support/property-kit';
import { eventually } from '../webhooks/webhook-receiver';
import { signIn } from '../admin/admin-kit';
import { inlineData, registerTarget } from '../embed/embed-kit';
import { http } from '../support/http';
import { quoteBody as travelQuoteBody, TRAVEL } from '../travel/travel-kit';

const CLOCKS = '/api/v1/sandbox/test-clocks';
const DAY_S = 86_400;

function claimForm(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

/**
 * Test clocks driven the way a partner would: only its token and the public API. The service's own time stays
 * at 2026-11-22T09:00Z throughout (the test app's clock never moves here), so every time rule that moves is the
 * test clock's doing.
 */
describe('sandbox test clocks', () => {
  let env: MotorTestEnv;
  let token: string;
  let other: string;
  const api = (path: string, opts: Parameters<MotorTestEnv['app']['request']>[1] = {}, t = token) => env.app.request(path, { token: t, ...opts });
  const onClock = (clockId: string) => ({ 'Sandbox-Test-Clock': clockId });
  const policyUrl = (id: number, rest = '') => `/api/v1/property/policies/${id}${rest}`;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', PROPERTY_INSURER_TIMEOUT_MS: '5000' } });
    token = (await env.app.partner()).token;
    other = (await env.app.partner()).token;
  });
  afterAll(() => env.close());

  async function newClock(name: string): Promise<string> {
    const res = await api(CLOCKS, { json: { name } });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  async function advance(clockId: string, body: Record<string, unknown>) {
    const res = await api(`${CLOCKS}/${clockId}/advance`, { json: body });
    expect(res.status).toBe(200);
    return res.body;
  }

  /** A property policy starting tomorrow (2026-11-23 on the clock), paid without a browser; answers it active. */
  async function activePolicyOn(clockId: string | null) {
    const issued = await api('/api/v1/property/policies', { json: policyBody({ start_date: '2026-11-23' }), headers: clockId ? onClock(clockId) : {} });
    expect(issued.status).toBe(201);
    const paid = await api('/api/v1/sandbox/payments/pay', { json: { payment_link: issued.body.payment_link } });
    expect(paid.body).toMatchObject({ outcome: 'paid', payment: { status: 'paid' } });
    return eventually(async () => {
      const p = (await api(policyUrl(issued.body.id))).body;
      return p.status === 1 ? p : null;
    });
  }

  it('creates, lists, shows, advances (forward only) and deletes a clock; another client sees none of it', async () => {
    const created = await api(CLOCKS, { json: { name: 'crud' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'crud',
      frozen_time: '2026-11-22T09:00:00.000000Z',
      attached: { quote_requests: 0, offers: 0, policies: 0, companies: 0, payments: 0 },
    });
    const id = created.body.id;
    expect((await api(CLOCKS)).body.map((c: any) => c.id)).toContain(id);
    expect((await api(`${CLOCKS}/${id}`)).body.id).toBe(id);
    expect((await api(`${CLOCKS}/${id}`, {}, other)).status).toBe(404);
    expect((await api(CLOCKS, {}, other)).body).toEqual([]);
    expect((await api(`${CLOCKS}/${id}/advance`, { json: { seconds: 60 } }, other)).status).toBe(404);

    expect((await advance(id, { seconds: DAY_S })).frozen_time).toBe('2026-11-23T09:00:00.000000Z');
    expect((await advance(id, { frozen_time: '2026-12-01T00:00:00Z' })).frozen_time).toBe('2026-12-01T00:00:00.000000Z');
    const back = await api(`${CLOCKS}/${id}/advance`, { json: { frozen_time: '2026-11-30T00:00:00Z' } });
    expect(back.status).toBe(422);
    expect(back.body.details.frozen_time[0]).toMatch(/only moves forward/);
    expect((await api(`${CLOCKS}/${id}/advance`, { json: { seconds: 60, frozen_time: '2027-01-01T00:00:00Z' } })).status).toBe(422);
    expect((await api(`${CLOCKS}/${id}/advance`, { json: { seconds: 3 * 365 * DAY_S } })).status).toBe(422);
    // far beyond any date: refused by name, never a 500
    const huge = await api(`${CLOCKS}/${id}/advance`, { json: { seconds: 9_007_199_254_740_991 } });
    expect([huge.status, Object.keys(huge.body.details ?? {})]).toEqual([422, ['seconds']]);
    expect((await api(CLOCKS, { json: { frozen_time: '2030-01-01T00:00:00Z' } })).status).toBe(422);

    expect((await api(`${CLOCKS}/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`${CLOCKS}/${id}`)).status).toBe(404);
  });

  it("a clock header that is not one of the caller's clocks is refused and creates nothing", async () => {
    const mine = await newClock('header');
    const before = await env.app.db.prisma.propertyPolicy.count();
    const malformed = await api('/api/v1/property/policies', { json: policyBody(), headers: onClock('tomorrow') });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.details)).toEqual(['sandbox-test-clock']);
    const foreign = await api('/api/v1/property/policies', { json: policyBody(), headers: onClock(mine) }, other);
    expect(foreign.status).toBe(404);
    expect(await env.app.db.prisma.propertyPolicy.count()).toBe(before);
  });

  it('a property claim is filed after advancing the clock past the cover start; an unattached policy stays on real time', async () => {
    const clockId = await newClock('claims after cover start');
    const onTheClock = await activePolicyOn(clockId);
    const realTime = await activePolicyOn(null);
    expect((await api(`${CLOCKS}/${clockId}`)).body.attached).toMatchObject({ policies: 1, payments: 1 });

    const fields = { claim_type: 'water_damage', incident_date: '2026-11-23', description: 'A burst pipe.', requested_amount: '1200.00' };
    const tooEarly = await api(policyUrl(onTheClock.id, '/claims'), { method: 'POST', body: claimForm(fields) });
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body.details.incident_date[0]).toMatch(/future/);

    await advance(clockId, { seconds: 2 * DAY_S });
    // No header: the policy is attached, so its claim window follows the clock.
    const filed = await api(policyUrl(onTheClock.id, '/claims'), { method: 'POST', body: claimForm(fields) });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({
      incident_date: '2026-11-23',
      status: 'submitted',
      status_history: [{ status: 'submitted', at: '2026-11-24T09:00:00.000000Z' }],
    });
    expect(await env.app.db.prisma.claim.count({ where: { productFamily: 'property', policyId: onTheClock.id } })).toBe(1);

    const unattached = await api(policyUrl(realTime.id, '/claims'), { method: 'POST', body: claimForm(fields) });
    expect(unattached.status).toBe(422);
    expect(await env.app.db.prisma.claim.count({ where: { productFamily: 'property', policyId: realTime.id } })).toBe(0);
  });

  it("a cancellation months later on the clock refunds pro rata for the clock's day", async () => {
    const clockId = await newClock('pro rata');
    const policy = await activePolicyOn(clockId);
    await advance(clockId, { frozen_time: '2027-03-11T10:00:00Z' });
    const res = await api(policyUrl(policy.id, '/cancellation'), { json: { reason: 'Moved abroad.' } });
    expect(res.status).toBe(200);
    const unusedDays = Math.round((Date.parse('2027-11-23') - Date.parse('2027-03-11')) / (DAY_S * 1000));
    const expected = Math.round((Math.round(policy.price * 100) * unusedDays) / 365) / 100;
    expect(res.body).toMatchObject({
      status: 2,
      canceled_at: '2027-03-11T10:00:00.000000Z',
      cancellation: { refund_amount: expected, unused_days: unusedDays, term_days: 365 },
    });
    const refund = await env.app.db.prisma.refund.findFirstOrThrow({ where: { policyType: 'property', policyId: policy.id } });
    expect(Number(refund.amount)).toBe(expected);
  });

  it('a payment link lapses when the clock passes its expiry, on the payment page too; the same link off the clock stays open', async () => {
    const clockId = await newClock('link expiry');
    const onTheClock = await api('/api/v1/property/policies', { json: policyBody(), headers: onClock(clockId) });
    const realTime = await api('/api/v1/property/policies', { json: policyBody() });
    await advance(clockId, { seconds: 2 * DAY_S });

    const page = await fetch(onTheClock.body.payment_link);
    expect(await page.text()).toMatch(/expired/i);
    const pay = await api('/api/v1/sandbox/payments/pay', { json: { payment_link: onTheClock.body.payment_link } });
    expect(pay.status).toBe(409);
    const payments = (await api('/api/v1/payments?per_page=100')).body.data;
    expect(payments.find((p: any) => p.policy_id === onTheClock.body.id && p.policy_type === 'property').status).toBe('expired');
    expect(payments.find((p: any) => p.policy_id === realTime.body.id && p.policy_type === 'property').status).toBe('pending');
  });

  it('an embed session opened on a clock lives its hour on the clock: the page and the partner API say expired after an advance', async () => {
    const partner = await env.app.partner();
    await registerTarget(await signIn(env.app, 'admin'), partner.id, 'origin', 'https://shop.example.com');
    const clockId = (await api(CLOCKS, { json: { name: 'embed hour' } }, partner.token)).body.id;
    const otp = await quoteOtp(env.app, partner.token);
    const body = { ...quoteBody(otp), platform: 'web', parent_origin: 'https://shop.example.com', locale: 'en' };
    const session = (await api('/api/v1/car-comp/embed-sessions', { json: body, headers: onClock(clockId) }, partner.token)).body;
    expect((await http(session.embed_url)).status).toBe(200);
    expect((await api(`${CLOCKS}/${clockId}`, {}, partner.token)).body.attached.quote_requests).toBe(1);

    await api(`${CLOCKS}/${clockId}/advance`, { json: { seconds: 3601 } }, partner.token);
    const page = await http(session.embed_url);
    expect(page.status).toBe(410);
    expect(inlineData(page.text)).toMatchObject({ state: 'expired' });
    expect((await api(`/api/v1/car-comp/embed-sessions/${session.id}`, {}, partner.token)).body.expired).toBe(true);
  });

  it('a travel quote made on a clock is attached to it and expires 48 hours later on the clock; one off the clock stays open', async () => {
    const clockId = await newClock('travel quote expiry');
    const quoted = await api(`${TRAVEL}/quotes`, { json: travelQuoteBody(), headers: onClock(clockId) });
    expect(quoted.status).toBe(200);
    expect(quoted.body.expires_at).toBe('2026-11-24T09:00:00.000000Z');
    expect((await api(`${CLOCKS}/${clockId}`)).body.attached.quote_requests).toBe(1);
    const offClock = (await api(`${TRAVEL}/quotes`, { json: travelQuoteBody() })).body;

    await advance(clockId, { seconds: 48 * 3600 + 1 });
    // bought without the header: the quote's clock decides
    const late = await api(`${TRAVEL}/policies`, { json: { quote_id: quoted.body.quote_id } });
    expect(late.status).toBe(422);
    expect(late.body.details.quote_id[0]).toMatch(/^The quote expired at 2026-11-24T09:00:00/);
    expect(await env.app.db.prisma.travelPolicy.count({ where: { quoteId: quoted.body.quote_id } })).toBe(0);
    expect((await api(`${TRAVEL}/policies`, { json: { quote_id: offClock.quote_id } })).status).toBe(200);
  });
});

describe('sandbox test clocks in production', () => {
  it('do not exist (404), and the header changes nothing', async () => {
    const app = await startTestApp({ env: PRODUCTION_ENV });
    try {
      const { token } = await app.partner();
      expect((await app.request(CLOCKS, { token, json: {} })).status).toBe(404);
      const res = await app.request('/api/v1/payments', { token, headers: { 'Sandbox-Test-Clock': 'not-a-clock' } });
      expect(res.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
