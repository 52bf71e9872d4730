import jwt from 'jsonwebtoken';
import { startTestApp, TestApp, TestClient } from '../support/test-app';

describe('POST /oauth/token (client credentials)', () => {
  let app: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    app = await startTestApp();
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

  it('limits token requests to 10 a minute per client and address, then recovers', async () => {
    const c = await app.createClient();
    const ask = () => app.request('/oauth/token', { json: { client_id: c.id, client_secret: 'wrong' } });
    for (let i = 0; i < 10; i++) expect((await ask()).status).toBe(401);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: '42901', retry_after_seconds: expect.any(Number) });
    expect(Number(limited.headers.get('retry-after'))).toBe(limited.body.retry_after_seconds);

    // another client is counted separately
    const other = await app.createClient();
    expect((await app.request('/oauth/token', { json: { client_id: other.id, client_secret: other.secret } })).status).toBe(200);

    app.clock.advance(61_000);
    expect((await app.request('/oauth/token', { json: { client_id: c.id, client_secret: c.secret } })).status).toBe(200);
  });
});
