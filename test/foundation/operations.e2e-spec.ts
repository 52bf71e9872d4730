import { ProbeModule, probeGates } from '../support/probe.module';
import { startTestApp, TestApp } from '../support/test-app';

describe('operations: health, metrics, OpenAPI, logs, shutdown', () => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp({ extraModules: [ProbeModule] });
    token = (await app.partner(['motor-tpl'])).token;
  });
  afterAll(() => app.close());

  it('reports liveness and readiness of its dependencies', async () => {
    expect((await app.request('/health/live')).body).toEqual({ status: 'ok' });
    const ready = await app.request('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks.database).toBe('ok');
    if (process.env.REDIS_URL) expect(ready.body.checks.redis).toBe('ok');
  });

  it('exposes request counts and latency by route and status', async () => {
    await app.request('/api/v1/probe/ping', { token });
    const metrics = await app.request('/metrics', { headers: { Accept: 'text/plain' } });
    expect(metrics.status).toBe(200);
    expect(metrics.text).toMatch(/http_requests_total\{method="GET",route="\/api\/v1\/probe\/ping",status="200"\} \d+/);
    expect(metrics.text).toContain('http_request_duration_seconds_bucket');
  });

  it('serves an OpenAPI 3 document and the interactive docs', async () => {
    const doc = await app.request('/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(doc.body.components.schemas.Error.properties.code).toBeDefined();
    expect(doc.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const token = doc.body.paths['/oauth/token'].post;
    expect(Object.keys(token.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    const quote = doc.body.paths['/api/v1/car-comp/quote-requests'].post;
    expect(quote.requestBody.content['application/json'].schema).toBeDefined();
    // the test-only probe routes stay out of the document
    expect(Object.keys(doc.body.paths).filter((p) => p.includes('/probe'))).toEqual([]);
    expect(doc.body.info.description).toContain('| 42201 | 422 |');
    const ui = await app.request('/docs', { headers: { Accept: 'text/html' } });
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });

  it('documents every route it serves', async () => {
    const doc = (await app.request('/openapi.json')).body;
    const documented = new Set(Object.keys(doc.paths).map((p) => p.replace(/\{(\w+)\}/g, ':$1')));
    const internal = ['/health/live', '/health/ready', '/metrics'];
    const testOnly = (route: string) => route.startsWith('/api/v1/probe');
    const served = app.api.app
      .getHttpAdapter()
      .getInstance()
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((l) => l.replace(/^[\s│├└─]+/, '').split(' (')[0])
      .filter((p) => p.startsWith('/oauth') || p.startsWith('/api'));
    for (const route of served) if (!internal.includes(route) && !testOnly(route)) expect(documented).toContain(route);
  });

  it('asks for no optional header: every header parameter is optional, named once', async () => {
    const doc = (await app.request('/openapi.json')).body;
    const headers = Object.entries(
      doc.paths as Record<string, Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean }> }>>,
    ).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ at: `${method} ${path}`, params: (op.parameters ?? []).filter((p) => p.in === 'header') })),
    );
    expect(headers.flatMap((h) => h.params.filter((p) => p.required).map((p) => `${h.at}: ${p.name}`))).toEqual([]);
    const quote = headers.find((h) => h.at === 'post /api/v1/car-comp/quote-requests')!;
    expect(quote.params.map((p) => p.name.toLowerCase()).sort()).toEqual(['accept-language', 'prefer', 'sandbox-test-clock', 'x-request-id']);
  });

  it('masks national ids, phones, IBANs and tokens in logs', async () => {
    await app.request('/api/v1/probe/lookup?owner_id=1012345678', { token });
    const logs = app.rawLogs();
    expect(logs).toContain('looking up owner');
    for (const pii of ['1012345678', '0512345678', 'SA0380000000608010167519', token]) expect(logs).not.toContain(pii);
  });

  it('finishes in-flight requests when shutting down', async () => {
    const other = await startTestApp({ extraModules: [ProbeModule] });
    const t = (await other.partner(['motor-tpl'])).token;
    const inFlight = other.request('/api/v1/probe/things?gate=shutdown', { token: t, json: { name: 'late', owner_id: '1000000001' } });
    await probeGates.entered('shutdown'); // the request is inside its handler
    const closing = other.close();
    // the server stops taking requests (refused, or 503 on a kept-alive connection) while that one is still running
    for (;;) {
      const probe = await fetch(`${other.url}/health/live`).catch(() => null);
      if (!probe || probe.status === 503) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    probeGates.open('shutdown');
    const res = await inFlight;
    await closing;
    expect(res.status).toBe(201);
    await expect(fetch(`${other.url}/health/live`)).rejects.toThrow();
  });
});
