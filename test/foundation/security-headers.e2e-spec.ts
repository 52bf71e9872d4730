import { signIn } from '../admin/admin-kit';
import { ProbeModule } from '../support/probe.module';
import { startTestApp, TestApp } from '../support/test-app';
import { PRODUCTION_ENV } from '../support/production-env';

describe('security headers', () => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp({ extraModules: [ProbeModule], env: { TRUST_PROXY: 'true' } });
    token = (await app.partner(['motor-tpl'])).token;
  });
  afterAll(() => app.close());

  const expectPrivate = (what: string, res: { headers: Headers }) => {
    expect([what, res.headers.get('x-content-type-options'), res.headers.get('cache-control')]).toEqual([what, 'nosniff', 'no-store']);
  };

  it('marks partner and admin answers, errors included, nosniff and no-store (they carry personal data)', async () => {
    expectPrivate('partner 200', await app.request('/api/v1/probe/ping', { token }));
    expectPrivate('partner 401', await app.request('/api/v1/probe/ping'));
    expectPrivate('partner 422', await app.request('/api/v1/probe/things', { token, json: {} }));
    expectPrivate('token', await app.request('/oauth/token', { json: { client_id: 'x', client_secret: 'y' } }));
    const admin = await signIn(app, 'admin');
    expectPrivate('admin', await admin.call('/admin/api/clients'));
    expectPrivate('unknown route', await app.request('/api/v1/nothing-here', { token }));
  });

  it('lets assets that may be cached say so themselves', async () => {
    const js = await app.request('/embed/assets/embed.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends HSTS only for https requests through the trusted proxy', async () => {
    const https = await app.request('/api/v1/probe/ping', { token, headers: { 'X-Forwarded-Proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await app.request('/api/v1/probe/ping', { token, headers: { 'X-Forwarded-Proto': 'http' } })).headers.get('strict-transport-security')).toBeNull();
    expect((await app.request('/api/v1/probe/ping', { token })).headers.get('strict-transport-security')).toBeNull();

    const direct = await startTestApp({ extraModules: [ProbeModule] }); // TRUST_PROXY=false: the header is anyone's to forge
    try {
      const t = (await direct.partner(['motor-tpl'])).token;
      expect(
        (await direct.request('/api/v1/probe/ping', { token: t, headers: { 'X-Forwarded-Proto': 'https' } })).headers.get('strict-transport-security'),
      ).toBeNull();
    } finally {
      await direct.close();
    }
  });
});

describe('/metrics is not public in production', () => {
  it('is absent in production without METRICS_TOKEN', async () => {
    const app = await startTestApp({ env: PRODUCTION_ENV });
    try {
      const res = await app.request('/metrics');
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('http_requests_total');
    } finally {
      await app.close();
    }
  });

  it('in sandbox without METRICS_TOKEN, answers only a direct loopback caller, never one through a proxy', async () => {
    const app = await startTestApp({ env: { APP_ENV: 'sandbox' } });
    try {
      const local = await app.request('/metrics', { headers: { Accept: 'text/plain' } });
      expect(local.status).toBe(200);
      expect(local.text).toContain('http_requests_total');
      const proxied: Record<string, string>[] = [{ 'X-Forwarded-For': '203.0.113.7' }, { Forwarded: 'for=203.0.113.7' }, { 'X-Real-IP': '203.0.113.7' }];
      for (const headers of proxied) {
        const res = await app.request('/metrics', { headers: { ...headers, Accept: 'text/plain' } });
        expect([headers, res.status]).toEqual([headers, 404]);
        expect(res.text).not.toContain('http_requests_total');
      }
    } finally {
      await app.close();
    }
  });

  it('needs the bearer METRICS_TOKEN when one is set (production or sandbox)', async () => {
    const secret = 'metrics-scraper-secret-'.padEnd(40, 'm');
    for (const env of [
      { ...PRODUCTION_ENV, METRICS_TOKEN: secret },
      { APP_ENV: 'sandbox', METRICS_TOKEN: secret },
    ]) {
      const app = await startTestApp({ env });
      try {
        for (const authorization of [undefined, 'Bearer wrong', `Basic ${secret}`, `Bearer ${secret}x`]) {
          const res = await app.request('/metrics', { headers: authorization ? { Authorization: authorization } : {} });
          expect([env.APP_ENV, authorization, res.status]).toEqual([env.APP_ENV, authorization, 401]);
          expect(res.text).not.toContain('http_requests_total');
        }
        const ok = await app.request('/metrics', { headers: { Authorization: `Bearer ${secret}`, Accept: 'text/plain' } });
        expect(ok.status).toBe(200);
        expect(ok.text).toContain('http_requests_total');
      } finally {
        await app.close();
      }
    }
  }, 180_000); // two app starts: a busy CI machine takes its time
});
