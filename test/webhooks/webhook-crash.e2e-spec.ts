import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { http } from '../support/http';
import { openTestDatabase } from '../support/test-app';
import { eventually, LOCAL_RECEIVERS_ENV, WebhookReceiver } from './webhook-receiver';

const ROOT = resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

/**
 * The API as `npm start` runs it (compiled, its own process, the worker started by the app), killed with
 * SIGKILL while a webhook request is in flight, then started again on the same database.
 */
describe('webhook delivery survives a crash of the worker', () => {
  const build = join(ROOT, 'dist', `test-crash-${randomBytes(4).toString('hex')}`);
  const dataDir = mkdtempSync(join(process.env.TEST_TMP_DIR ?? tmpdir(), 'crash-'));
  let handle: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let receiver: WebhookReceiver;
  let child: ChildProcess | undefined;
  let env: Record<string, string>;
  let base: string;

  beforeAll(async () => {
    execFileSync(join(ROOT, 'node_modules', '.bin', 'swc'), ['apps/api/src', 'libs', '-d', build, '--quiet'], { cwd: ROOT });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    let databaseUrl: string | undefined;
    if (process.env.DATABASE_URL) {
      handle = await openTestDatabase();
      databaseUrl = handle.url;
      await handle.db.close(); // the child process owns the database from here
    }
    env = {
      PATH: process.env.PATH ?? '',
      APP_ENV: 'sandbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SANDBOX_START: 'false',
      SANDBOX_URL: 'http://127.0.0.1:9',
      JWT_SECRET: 'crash-test-secret-'.padEnd(48, 'x'),
      WEBHOOK_POLL_INTERVAL_MS: '50',
      WEBHOOK_TIMEOUT_MS: '1500',
      ...LOCAL_RECEIVERS_ENV,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `crash:${randomBytes(4).toString('hex')}:` } : {}),
    };
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await receiver?.close();
    if (handle) await handle.drop();
    rmSync(build, { recursive: true, force: true });
  });

  async function startApi(): Promise<ChildProcess> {
    const proc = spawn(process.execPath, [join(build, 'apps/api/src/main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    proc.stdout!.on('data', (c) => (output += c));
    proc.stderr!.on('data', (c) => (output += c));
    await eventually(
      async () =>
        (await fetch(`${base}/health/live`)
          .then((r) => r.ok)
          .catch(() => false)) && output.includes('Console:'),
      60_000,
      `the API to start (${output})`,
    );
    return proc;
  }

  async function signIn() {
    const res = await http(`${base}/admin/api/auth/login`, {
      json: { email: 'operations@sandbox.test', password: 'sandbox-operations-pass' },
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')!.split(';')[0];
    return (path: string, json?: unknown) => http(`${base}${path}`, { json, headers: { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' } });
  }

  it('an event whose delivery was cut by SIGKILL is delivered after the restart', async () => {
    child = await startApi();
    const call = await signIn();
    const clientId = JSON.parse(readFileSync(join(dataDir, 'sandbox-client.json'), 'utf8')).client_id as string;
    const endpoint = await call('/admin/api/webhook-endpoints', { client_id: clientId, url: receiver.url });
    expect(endpoint.status).toBe(201);

    receiver.reply('hang');
    const sent = await call(`/admin/api/webhook-endpoints/${endpoint.body.id}/test`, {});
    expect(sent.status).toBe(202);
    const [first] = await receiver.waitFor(1);
    expect(first.headers['webhook-id']).toBe(sent.body.delivery_id);

    // Crash mid-delivery: no answer was read, nothing was recorded after the claim.
    const dead = child;
    await new Promise<void>((done) => {
      dead.once('exit', () => done());
      dead.kill('SIGKILL');
    });
    child = undefined;

    child = await startApi();
    const again = await signIn();
    await receiver.waitFor(2, 30_000);
    expect(receiver.received[1].headers['webhook-id']).toBe(sent.body.delivery_id);
    expect(receiver.received[1].body).toBe(first.body);
    const delivery = await eventually(async () => {
      const d = (await again(`/admin/api/webhook-deliveries/${sent.body.delivery_id}`)).body;
      return d.status === 'delivered' ? d : null;
    });
    expect(delivery.attempts.map((a: any) => [a.number, a.outcome])).toEqual([
      [1, 'interrupted'],
      [2, 'delivered'],
    ]);
    expect(receiver.received.length).toBe(2);
  });
});
