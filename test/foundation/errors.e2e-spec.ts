import { ProbeModule } from '../support/probe.module';
import { startTestApp, TestApp } from '../support/test-app';

describe('error responses', () => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp({ extraModules: [ProbeModule], env: { BODY_LIMIT_BYTES: '2048' } });
    token = (await app.partner(['motor-tpl'])).token;
  });
  afterAll(() => app.close());

  const shape = {
    code: expect.stringMatching(/^\d{5}$/),
    message: expect.any(String),
    type: 'about:blank',
    title: expect.any(String),
    status: expect.any(Number),
  };

  it('404 for an unknown path, in the one shape', async () => {
    const res = await app.request('/api/v1/nowhere', { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ ...shape, code: '40402', status: 404, title: 'Not Found' });
  });

  it('405 with Allow for a known path and the wrong method', async () => {
    const res = await app.request('/api/v1/probe/ping', { method: 'DELETE', token });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.body).toMatchObject({ ...shape, code: '40501', status: 405 });
    const withParam = await app.request('/api/v1/probe/things/7', { method: 'GET', token });
    expect(withParam.status).toBe(405);
    expect(withParam.headers.get('allow')).toBe('DELETE');
  });

  it('422 names every failing field, nested ones and unknown ones included', async () => {
    const res = await app.request('/api/v1/probe/things', {
      token,
      json: { name: '', owner_id: '3123', drivers: [{ driving_percentage: 10 }], surprise: true },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ ...shape, code: '42201', status: 422 });
    expect(res.body.details).toEqual({
      name: ['The name must be at least 1 characters.'],
      owner_id: ['The owner id must be 10 digits starting with 1 or 2.'],
      'drivers.0.driving_percentage': ['The driving percentage must be at least 25.'],
      surprise: ['The surprise field is not allowed.'],
    });
    expect(res.body.message).toBe('The name must be at least 1 characters. (and 3 more errors)');
  });

  it('422 for invalid query parameters', async () => {
    const res = await app.request('/api/v1/probe/things?delay_ms=abc', { token, json: { name: 'a', owner_id: '1000000001' } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details)).toEqual(['delay_ms']);
  });

  it('400 for a body that is not JSON', async () => {
    const res = await app.request('/api/v1/probe/things', { token, body: '{"name": ', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ...shape, code: '40000', status: 400 });
  });

  it('413 for an oversized body', async () => {
    const res = await app.request('/api/v1/probe/things', { token, json: { name: 'x'.repeat(4096), owner_id: '1000000001' } });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ ...shape, code: '41301', status: 413 });
  });

  it('415 for an unsupported content type', async () => {
    const res = await app.request('/api/v1/probe/things', { token, body: '<x/>', headers: { 'Content-Type': 'application/xml' } });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ ...shape, code: '41501', status: 415 });
  });

  it('500 without stack or internals in the body; the detail goes to the log only', async () => {
    const res = await app.request('/api/v1/probe/boom', { token });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ ...shape, code: '50001', status: 500, message: 'Something went wrong on our side.', title: 'Internal Server Error' });
    expect(res.text).not.toMatch(/hunter2|db\.ts|stack|at /);
    expect(app.rawLogs()).toContain('request failed');
    expect(app.rawLogs()).not.toContain('hunter2');
  });

  it('502 when a provider fails', async () => {
    const res = await app.request('/api/v1/probe/provider-down', { token });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ ...shape, code: '50201', status: 502 });
  });

  it('204 has no body', async () => {
    const res = await app.request('/api/v1/probe/things/3', { method: 'DELETE', token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const mine = await app.request('/api/v1/probe/ping', { token, headers: { 'X-Request-Id': 'abc-123' } });
    expect(mine.headers.get('x-request-id')).toBe('abc-123');
    const bad = await app.request('/api/v1/probe/ping', { token, headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const errored = await app.request('/api/v1/nowhere', { headers: { 'X-Request-Id': 'err-1' } });
    expect(errored.headers.get('x-request-id')).toBe('err-1');
  });
});
