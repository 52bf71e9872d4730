import { ChildProcess, spawn } from 'node:child_process';
import { ProbeModule } from '../support/probe.module';
import { freePort, startTestApp, TestApp } from '../support/test-app';

/** A Redis of this test's own on a spare port: started, stopped (SIGSTOP), killed, as the test needs. */
async function startRedis(port: number): Promise<ChildProcess> {
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (c) => {
      out += c;
      if (out.includes('Ready to accept connections')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return proc;
}

async function kill(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;
}

/**
 * With the shared rate-limit store unreachable, no partner call (the token endpoint included) is a 500: each
 * answers 503 with Retry-After, as /health/ready reports, and the service recovers by itself when Redis is back.
 */
describe('Redis unreachable', () => {
  let app: TestApp;
  let redis: ChildProcess;
  let port: number;
  let partner: Awaited<ReturnType<TestApp['partner']>>;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    app = await startTestApp({ extraModules: [ProbeModule], env: { REDIS_URL: `redis://127.0.0.1:${port}/0` } });
    partner = await app.partner(['motor-tpl']);
  });
  afterAll(async () => {
    await app?.close();
    if (redis) await kill(redis);
  });

  const ping = () => app.request('/api/v1/probe/ping', { token: partner.token });
  const tokenRequest = () => app.request('/oauth/token', { json: { client_id: partner.id, client_secret: partner.secret } });
  const expect503 = (res: { status: number; body: any; headers: Headers }) => {
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: '50301', retry_after_seconds: 5 });
    expect(res.headers.get('retry-after')).toBe('5');
  };

  it('answers 503 with Retry-After on every partner call while Redis is down, then recovers', async () => {
    expect((await ping()).status).toBe(200);
    await kill(redis);

    expect503(await ping());
    expect503(await tokenRequest());
    expect503(await app.request('/oauth/token', { json: { client_id: partner.id, client_secret: 'wrong' } }));
    const ready = await app.request('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.checks).toMatchObject({ database: 'ok', redis: 'down' });
    expect(ready.headers.get('retry-after')).toBe('5');

    redis = await startRedis(port);
    // ioredis reconnects in the background; calls answer 503 until it has
    while ((await ping()).status === 503) await new Promise((r) => setTimeout(r, 100));
    expect((await ping()).status).toBe(200);
    expect((await tokenRequest()).status).toBe(200);
  });

  it('answers 503, not a hung request, when Redis stops answering (blocked) and recovers when it resumes', async () => {
    expect((await ping()).status).toBe(200);
    redis.kill('SIGSTOP');
    try {
      expect503(await ping());
      expect503(await tokenRequest());
    } finally {
      redis.kill('SIGCONT');
    }
    while ((await ping()).status === 503) await new Promise((r) => setTimeout(r, 100));
    expect((await ping()).status).toBe(200);
  });
});
