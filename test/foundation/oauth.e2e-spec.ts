import jwt from 'jsonwebtoken';
import { startTestApp, TestApp, TestClient } from '../support/test-app';

describe('POST /oauth/token (client credentials)', () => {
  let app: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    // behind a proxy: the caller's address comes from X-Forwarded-For, so attackers and clients can be told apart
    app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    client = await app.createClient();
  });
  afterAll(() => app.close());

  const expectToken = (res: { status: number; body: any; headers: Headers }) => {
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 86_400 });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const claims = jwt.decode(res.body.access_token, { complete: true }) as jwt.Jwt;
    expect(claims.header.alg).toBe('HS256');
    expect((claims.payload as jwt.JwtPayload).sub).toBe(client.id);
  };

  it('grants a JWT for JSON credentials', async () => {
    expectToken(await app.request('/oauth/token', { json: { grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret } }));
  });

  it('grants a JWT for form-encoded credentials', async () => {
    expectToken(await app.request('/oauth/token', { form: { grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret } }));
  });

  it('grants a JWT for HTTP Basic credentials', async () => {
    const basic = Buffer.from(`${client.id}:${encodeURIComponent(client.secret)}`).toString('base64');
    expectToken(await app.request('/oauth/token', { form: { grant_type: 'client_credentials' }, headers: { Authorization: `Basic ${basic}` } }));
  });

  it('answers invalid_client 401 for a wrong secret or an unknown client', async () => {
    for (const creds of [
      { client_id: client.id, client_secret: 'wrong' },
      { client_id: '00000000-0000-4000-8000-000000000000', client_secret: client.secret },
      { client_id: 'not-a-uuid', client_secret: 'x' },
    ]) {
      const res = await app.request('/oauth/token', { json: { grant_type: 'client_credentials', ...creds } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'invalid_client', code: '40102', message: 'Wrong credentials.', status: 401 });
    }
  });

  it('asks for Basic in the challenge when Basic was used', async () => {
    const basic = Buffer.from(`${client.id}:nope`).toString('base64');
    const res = await app.request('/oauth/token', { form: { grant_type: 'client_credentials' }, headers: { Authorization: `Basic ${basic}` } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it('answers invalid_request 400 for missing parameters or two credential styles', async () => {
    const missing = await app.request('/oauth/token', { json: { grant_type: 'client_credentials', client_id: client.id } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'invalid_request', code: '40030' });
    expect(missing.body.error_description).toContain('client_secret');

    const basic = Buffer.from(`${client.id}:${client.secret}`).toString('base64');
    const both = await app.request('/oauth/token', {
      json: { client_id: client.id, client_secret: client.secret },
      headers: { Authorization: `Basic ${basic}` },
    });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe('invalid_request');
  });

  it('answers unsupported_grant_type 400 for other grants', async () => {
    const res = await app.request('/oauth/token', { json: { grant_type: 'password', client_id: client.id, client_secret: client.secret } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'unsupported_grant_type', code: '40031' });
  });

  it('refuses a deactivated client', async () => {
    const other = await app.createClient();
    await app.db.prisma.apiClient.update({ where: { id: other.id }, data: { active: false } });
    const res = await app.request('/oauth/token', { json: { client_id: other.id, client_secret: other.secret } });
    expect(res.status).toBe(401);
  });

  const fromAddress = (address: string, creds: { client_id: string; client_secret: string }) =>
    app.request('/oauth/token', { json: { grant_type: 'client_credentials', ...creds }, headers: { 'X-Forwarded-For': address } });
  /** Starts a fresh one-minute window, so each limit test counts from zero. */
  const nextWindow = () => app.clock.set(new Date(Math.ceil(app.clock.now().getTime() / 60_000) * 60_000 + 1000));

  it("never locks the genuine client out with someone else's failures, from any number of addresses", async () => {
    nextWindow();
    const victim = await app.createClient();
    for (let i = 0; i < 30; i++) {
      const res = await fromAddress(`203.0.113.${i % 3}`, { client_id: victim.id, client_secret: `guess-${i}` });
      expect([401, 429]).toContain(res.status);
    }
    const genuine = await fromAddress('198.51.100.7', { client_id: victim.id, client_secret: victim.secret });
    expect(genuine.status).toBe(200);
    expect(genuine.headers.get('ratelimit-limit')).toBe('10');
    expect(genuine.headers.get('ratelimit-remaining')).toBe('9');
  });

  it('limits failed attempts per address across every client id: guessing from one address stops at 20 a minute', async () => {
    nextWindow();
    const clients = await Promise.all(Array.from({ length: 3 }, () => app.createClient()));
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const id = i % 4 === 3 ? crypto.randomUUID() : clients[i % 3].id;
      statuses.push((await fromAddress('203.0.113.50', { client_id: id, client_secret: `guess-${i}` })).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(new Set(statuses.slice(20))).toEqual(new Set([429]));
    // blocked before any secret is checked: the right secret from that address waits too
    const blocked = await fromAddress('203.0.113.50', { client_id: clients[0].id, client_secret: clients[0].secret });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: '42901', retry_after_seconds: 59 });
    expect(blocked.headers.get('retry-after')).toBe('59');
    // the clients themselves, from their own addresses, are not affected
    for (const c of clients) expect((await fromAddress('198.51.100.8', { client_id: c.id, client_secret: c.secret })).status).toBe(200);

    app.clock.advance(60_000);
    expect((await fromAddress('203.0.113.50', { client_id: clients[0].id, client_secret: clients[0].secret })).status).toBe(200);
  });

  it('grants a client 10 tokens a minute (the spec), counted per client whatever the address, then recovers', async () => {
    nextWindow();
    const c = await app.createClient();
    for (let i = 0; i < 10; i++) expect((await fromAddress(`198.51.100.${20 + i}`, { client_id: c.id, client_secret: c.secret })).status).toBe(200);
    const limited = await fromAddress('198.51.100.99', { client_id: c.id, client_secret: c.secret });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: '42901', retry_after_seconds: expect.any(Number) });
    expect(Number(limited.headers.get('retry-after'))).toBe(limited.body.retry_after_seconds);

    // another client is counted separately
    const other = await app.createClient();
    expect((await fromAddress('198.51.100.99', { client_id: other.id, client_secret: other.secret })).status).toBe(200);

    app.clock.advance(61_000);
    expect((await fromAddress('198.51.100.99', { client_id: c.id, client_secret: c.secret })).status).toBe(200);
  });
});
