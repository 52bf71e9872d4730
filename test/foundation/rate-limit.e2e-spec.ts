import { ProbeModule } from '../support/probe.module';
import { openTestDatabase, startTestApp, TestApp } from '../support/test-app';

describe('rate limits', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ extraModules: [ProbeModule] });
  });
  afterAll(() => app.close());

  it('enforces a spec row (POST /car/policies: 30 a minute) per client, with RateLimit headers, then recovers', async () => {
    // start at a window boundary so the whole burst falls in one window
    app.clock.set(new Date(Math.ceil(app.clock.now().getTime() / 60_000) * 60_000 + 1000));
    const a = await app.partner(['motor-tpl']);
    const b = await app.partner(['motor-tpl']);
    const hit = (token: string) => app.request('/api/v1/probe/limited', { token, json: {} });

    const first = await hit(a.token);
    expect(first.status).toBe(201);
    expect(first.headers.get('ratelimit-limit')).toBe('30');
    expect(first.headers.get('ratelimit-remaining')).toBe('29');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    for (let i = 1; i < 30; i++) expect((await hit(a.token)).status).toBe(201);

    const limited = await hit(a.token);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: '42901', status: 429, retry_after_seconds: 59 });
    expect(limited.headers.get('retry-after')).toBe('59');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');

    expect((await hit(b.token)).status).toBe(201); // another client has its own budget

    app.clock.advance(60_000);
    expect((await hit(a.token)).status).toBe(201);
  });

  it('applies the default limit (60 a minute) to routes without a spec row', async () => {
    const p = await app.partner(['motor-tpl']);
    const res = await app.request('/api/v1/probe/ping', { token: p.token });
    expect(res.headers.get('ratelimit-limit')).toBe('60');
  });
});

(process.env.REDIS_URL ? describe : describe.skip)('rate limits shared by two instances through Redis', () => {
  it('counts one budget across both instances', async () => {
    const shared = await openTestDatabase();
    const prefix = `test:shared:${Date.now()}:`;
    const one = await startTestApp({ extraModules: [ProbeModule], db: shared.db, env: { REDIS_KEY_PREFIX: prefix } });
    const two = await startTestApp({ extraModules: [ProbeModule], db: shared.db, env: { REDIS_KEY_PREFIX: prefix }, clock: one.clock });
    try {
      one.clock.set(new Date(Math.ceil(one.clock.now().getTime() / 60_000) * 60_000 + 1000));
      const p = await one.partner(['motor-tpl']);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const target = i % 2 === 0 ? one : two;
        statuses.push((await target.request('/api/v1/probe/limited', { token: p.token, json: {} })).status);
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(30);
      expect(statuses[30]).toBe(429);
    } finally {
      await one.close();
      await two.close();
      await shared.db.close();
      await shared.drop();
    }
  });
});
