import { ProbeModule, probeCalls, probeGates } from '../support/probe.module';
import { startTestApp, TestApp } from '../support/test-app';

describe('Idempotency-Key', () => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    // a year-long token, so moving the clock past the 24 h key lifetime keeps it valid
    app = await startTestApp({ extraModules: [ProbeModule], env: { TOKEN_TTL_SECONDS: '31536000' } });
    token = (await app.partner(['motor-tpl'])).token;
  });
  afterAll(() => app.close());

  const create = (key: string, body: object, opts: { token?: string; query?: string } = {}) =>
    app.request(`/api/v1/probe/things${opts.query ?? ''}`, { token: opts.token ?? token, json: body, headers: { 'Idempotency-Key': key } });

  it('runs the first request once and replays its status and body', async () => {
    const before = probeCalls.things;
    const first = await create('key-replay', { name: 'one', owner_id: '1000000001' });
    expect(first.status).toBe(201);
    const again = await create('key-replay', { name: 'one', owner_id: '1000000001' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(probeCalls.things).toBe(before + 1);
  });

  it('does not use up a key on a refused request: the corrected body runs with it, once', async () => {
    const before = probeCalls.things;
    const first = await create('key-invalid', { name: 'x', owner_id: 'bad' });
    expect(first.status).toBe(422);
    const same = await create('key-invalid', { name: 'x', owner_id: 'bad' });
    expect(same.status).toBe(422);
    expect(same.headers.get('idempotent-replayed')).toBeNull();
    const corrected = await create('key-invalid', { name: 'x', owner_id: '1000000001' });
    expect(corrected.status).toBe(201);
    const retried = await create('key-invalid', { name: 'x', owner_id: '1000000001' });
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body).toEqual(corrected.body);
    expect(probeCalls.things).toBe(before + 1);
    // a refused request left no row behind; the corrected one holds the key
    const rows = await app.db.prisma.idempotencyKey.findMany({ where: { key: 'key-invalid' } });
    expect(rows.map((r) => [r.state, r.responseStatus])).toEqual([['done', 201]]);
  });

  it('does not use up a key on a text value the service refuses (NUL)', async () => {
    const bad = await create('key-nul', { name: 'x\u0000', owner_id: '1000000001' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details)).toEqual(['name']);
    expect((await create('key-nul', { name: 'x', owner_id: '1000000001' })).status).toBe(201);
  });

  it('answers 422 when the same key comes with another body', async () => {
    await create('key-mismatch', { name: 'a', owner_id: '1000000001' });
    const res = await create('key-mismatch', { name: 'b', owner_id: '1000000001' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('42202');
  });

  it('answers 409 to a concurrent duplicate while the first still runs', async () => {
    const before = probeCalls.things;
    const slow = create('key-concurrent', { name: 'slow', owner_id: '1000000001' }, { query: '?gate=idempotency' });
    await probeGates.entered('idempotency'); // the first request holds the key and waits inside its handler
    const dup = await create('key-concurrent', { name: 'slow', owner_id: '1000000001' }, { query: '?gate=idempotency' });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('40901');
    probeGates.open('idempotency');
    expect((await slow).status).toBe(201);
    expect(probeCalls.things).toBe(before + 1);
  });

  it('keeps keys per client', async () => {
    const other = await app.partner(['motor-tpl']);
    const before = probeCalls.things;
    await create('shared-key', { name: 'a', owner_id: '1000000001' });
    const theirs = await create('shared-key', { name: 'b', owner_id: '1000000001' }, { token: other.token });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(probeCalls.things).toBe(before + 2);
  });

  it('forgets a key after 24 hours', async () => {
    const before = probeCalls.things;
    await create('key-expiry', { name: 'a', owner_id: '1000000001' });
    app.clock.advance(24 * 3600_000 + 1000);
    const later = await create('key-expiry', { name: 'other body is fine now', owner_id: '1000000001' });
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(probeCalls.things).toBe(before + 2);
  });

  it('lets a retry run again after a failure on our side', async () => {
    const before = probeCalls.things;
    const post = () => app.request('/api/v1/probe/flaky', { token, json: {}, headers: { 'Idempotency-Key': 'key-flaky' } });
    expect((await post()).status).toBe(500);
    expect((await post()).status).toBe(500);
    expect(probeCalls.things).toBe(before + 2);
  });

  it('refuses a malformed key', async () => {
    const res = await create('x'.repeat(256), { name: 'a', owner_id: '1000000001' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details)).toEqual(['Idempotency-Key']);
  });

  it('runs every request without a key', async () => {
    const before = probeCalls.things;
    await app.request('/api/v1/probe/things', { token, json: { name: 'a', owner_id: '1000000001' } });
    await app.request('/api/v1/probe/things', { token, json: { name: 'a', owner_id: '1000000001' } });
    expect(probeCalls.things).toBe(before + 2);
  });
});
