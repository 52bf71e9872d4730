import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ClientsService } from '../../apps/api/src/platform/clients/clients.service';
import { ProbeModule } from '../support/probe.module';
import { untilStatus } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

describe('bearer authentication and product enrolment', () => {
  let app: TestApp;
  let partner: Awaited<ReturnType<TestApp['partner']>>;

  beforeAll(async () => {
    app = await startTestApp({ extraModules: [ProbeModule] });
    partner = await app.partner(['motor-tpl']);
  });
  afterAll(() => app.close());

  const ping = (headers: Record<string, string>) => app.request('/api/v1/probe/ping', { headers });

  const expect401 = (res: { status: number; body: any; headers: Headers }, code = '40101') => {
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(code);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="partner-api"/);
  };

  it('lets a valid token through and knows the client', async () => {
    const res = await ping({ Authorization: `Bearer ${partner.token}` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, client_id: partner.id });
  });

  it('refuses a missing header', async () => {
    expect401(await ping({}));
  });

  it('refuses malformed headers', async () => {
    for (const h of ['Bearer', `Token ${partner.token}`, 'Bearer not-a-jwt', `Basic ${partner.token}`]) {
      expect401(await ping({ Authorization: h }));
    }
  });

  it('refuses an expired token', async () => {
    const fresh = await app.token(partner);
    expect((await ping({ Authorization: `Bearer ${fresh}` })).status).toBe(200); // verified once and remembered
    app.clock.advance(86_401_000);
    try {
      expect401(await ping({ Authorization: `Bearer ${fresh}` }), '40104');
    } finally {
      app.clock.advance(-86_401_000);
    }
  });

  it('refuses a tampered token', async () => {
    const [h, p, s] = partner.token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    payload.sub = '00000000-0000-4000-8000-000000000000';
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    expect401(await ping({ Authorization: `Bearer ${forged}` }));
  });

  it('refuses alg none and tokens signed with another key', async () => {
    const claims = jwt.decode(partner.token) as jwt.JwtPayload;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect401(await ping({ Authorization: `Bearer ${none}` }));
    const otherKey = jwt.sign({ ...claims }, 'another-secret-of-sufficient-length-000000000');
    expect401(await ping({ Authorization: `Bearer ${otherKey}` }));
  });

  it('revokes every earlier token when the secret is rotated, and the old secret stops working', async () => {
    const p = await app.partner(['motor-tpl']);
    const before = await app.token(p);
    const { secret } = await app.api.app.get(ClientsService).rotateSecret(p.id);

    expect401(await ping({ Authorization: `Bearer ${before}` }), '40103');
    expect401(await ping({ Authorization: `Bearer ${p.token}` }), '40103');
    const old = await app.request('/oauth/token', { json: { client_id: p.id, client_secret: p.secret } });
    expect(old.status).toBe(401);

    const after = await app.token({ id: p.id, secret });
    expect((await ping({ Authorization: `Bearer ${after}` })).status).toBe(200);
  });

  it('refuses tokens of a deactivated client, and they stay revoked when it is activated again', async () => {
    const clients = app.api.app.get(ClientsService);
    const p = await app.partner(['motor-tpl']);
    await clients.setActive(p.id, false);
    expect401(await ping({ Authorization: `Bearer ${p.token}` }), '40103');
    await clients.setActive(p.id, true);
    const after = await app.token(p);
    // the activation reaches the auth cache with its notification; then the new token works and the old one does not
    expect(await untilStatus(() => ping({ Authorization: `Bearer ${after}` }), 200)).toBe(200);
    expect401(await ping({ Authorization: `Bearer ${p.token}` }), '40103');
  });

  it('answers 401, never 500, to a correctly signed token whose claims are not what this service issues', async () => {
    const key = app.config.jwtSecret!;
    const now = Math.floor(app.clock.now().getTime() / 1000);
    const good = { sub: partner.id, sv: 1, iat: now, exp: now + 600 };
    // signed by hand: jsonwebtoken itself refuses to sign some of these shapes
    const sign = (payload: unknown) => {
      const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
      return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
    };
    const claims = (over: Record<string, unknown>) => ({ ...good, aud: 'partner-api', iss: 'embedded-insurance', ...over });
    expect((await ping({ Authorization: `Bearer ${sign(claims({}))}` })).status).toBe(200);
    for (const [name, payload] of [
      ['sub not a UUID', claims({ sub: 'not-a-uuid' })],
      ['sub with SQL', claims({ sub: "x' OR '1'='1" })],
      ['sub a number', claims({ sub: 42 })],
      ['sub missing', claims({ sub: undefined })],
      ['sv a string', claims({ sv: '1' })],
      ['sv negative', claims({ sv: -1 })],
      ['sv fractional', claims({ sv: 1.5 })],
      ['exp missing', claims({ exp: undefined })],
      ['exp a string', claims({ exp: String(now + 600) })],
      ['nbf a string', claims({ nbf: 'soon' })],
      ['iat an object', claims({ iat: { at: now } })],
      ['another audience', claims({ aud: 'someone-else' })],
      ['an array payload', [good]],
      ['a string payload', 'hello'],
    ] as const) {
      const res = await ping({ Authorization: `Bearer ${sign(payload)}` });
      expect([name, res.status, res.body.code]).toEqual([name, 401, '40101']);
    }
  });

  it('answers 403 when the client is not enrolled in the product', async () => {
    const p = await app.partner(['property']);
    const res = await ping({ Authorization: `Bearer ${p.token}` });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: '40301', message: 'The client is not enrolled in this product.' });
    // a route of no particular product is open to any authenticated client
    expect((await app.request('/api/v1/probe-open', { token: p.token })).status).toBe(200);
  });

  it('lets a newly enrolled product through without a new token', async () => {
    const p = await app.partner(['property']);
    await app.api.app.get(ClientsService).enrol(p.id, ['motor-tpl']);
    expect((await ping({ Authorization: `Bearer ${p.token}` })).status).toBe(200);
  });
});
