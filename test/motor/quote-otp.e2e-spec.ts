import { latestCode, OWNER, quoteBody, quoteOtp, startMotorEnv, MotorTestEnv } from '../support/motor-kit';

describe('POST /api/v1/car-comp/quote-otp and the sandbox SMS outbox', () => {
  let env: MotorTestEnv;
  let token: string;

  beforeAll(async () => {
    env = await startMotorEnv();
    token = (await env.app.partner(['motor-comprehensive-comparison'])).token;
  });
  afterAll(() => env.close());

  const send = (body: object, t = token) => env.app.request('/api/v1/car-comp/quote-otp', { token: t, json: body });

  it('answers 204 with the expiry headers and sends a four-digit code, stored only as a hash', async () => {
    const res = await send({ owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.get('x-otp-expires-in')).toBe('28800');
    expect(res.headers.get('x-otp-expires-at')).toBe('2026-11-22T17:00:00.000000Z');
    const code = await latestCode(env.app, token, OWNER.phone);
    const stored = await env.app.db.prisma.otpCode.findMany({ where: { subject: OWNER.owner_id } });
    expect(stored).toHaveLength(1);
    expect(stored[0].codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0].codeHash).not.toContain(code);
  });

  it('accepts an owner id sent as a JSON integer', async () => {
    env.app.clock.advance(61_000);
    expect((await send({ owner_id: 1098765432, email: 'int@example.com', phone: '0598765432' })).status).toBe(204);
  });

  it('validates the owner id, email and phone', async () => {
    const res = await send({ owner_id: '3012345678', email: 'nope', phone: '0612345678', extra: 1 });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details).sort()).toEqual(['email', 'extra', 'owner_id', 'phone']);
  });

  it('refuses an email that belongs to another customer', async () => {
    const res = await send({ owner_id: '2011111111', email: OWNER.email.toUpperCase(), phone: '0511111111' });
    expect(res.status).toBe(422);
    expect(res.body.details.email[0]).toMatch(/another customer/);
  });

  it('sends at most one code per phone a minute', async () => {
    env.app.clock.advance(61_000);
    expect((await send({ owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone })).status).toBe(204);
    const again = await send({ owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone });
    expect(again.status).toBe(429);
    expect(again.body.retry_after_seconds).toBeGreaterThan(0);
  });

  it('invalidates the previous code when a new one is requested, and the code expires after 8 hours', async () => {
    env.app.clock.advance(61_000);
    const first = await quoteOtp(env.app, token);
    env.app.clock.advance(61_000);
    const second = await quoteOtp(env.app, token);
    const quote = (otp: string) => env.app.request('/api/v1/car-comp/quote-requests', { token, json: quoteBody(otp) });
    if (first !== second) expect((await quote(first)).status).toBe(422);
    expect((await quote(second)).status).toBe(201);
    expect((await quote(second)).status).toBe(201); // reusable within 8 hours
    env.app.clock.advance(8 * 3600_000);
    const expired = await quote(second);
    expect(expired.status).toBe(422);
    expect(expired.body.details.otp[0]).toMatch(/expired/);
  });

  it('locks the code after five wrong attempts', async () => {
    env.app.clock.advance(61_000);
    const code = await quoteOtp(env.app, token);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) {
      const r = await env.app.request('/api/v1/car-comp/quote-requests', { token, json: quoteBody(wrong) });
      expect(r.status).toBe(422);
    }
    const right = await env.app.request('/api/v1/car-comp/quote-requests', { token, json: quoteBody(code) });
    expect(right.status).toBe(422);
    expect(right.body.details.otp[0]).toMatch(/Too many wrong attempts/);
  });

  it('shows a client only its own messages', async () => {
    const other = await env.app.partner(['motor-tpl-comparison']);
    const res = await env.app.request(`/api/v1/sandbox/messages?phone=${OWNER.phone}`, { token: other.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('refuses clients not enrolled in motor comparison', async () => {
    const other = await env.app.partner(['property']);
    expect((await send({ owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone }, other.token)).status).toBe(403);
  });
});
