import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ManualClock } from '../../libs/common/src';
import { Database, openDatabase } from '../../libs/db/src';
import { http as sandboxHttp, RunningSandbox, startSandbox } from '../sandbox/sandbox-test-kit';
import { http } from '../support/http';
import { OWNER, quoteBody } from '../support/motor-kit';
import { freePort, openTestDatabase } from '../support/test-app';
import { eventually } from '../webhooks/webhook-receiver';

const ROOT = resolve(__dirname, '../..');
const BASE = '/api/v1/car-comp/quote-requests';
/** The two insurers still working when the API is killed: their answers take longer than the test waits for. */
const SLOW = ['dune', 'palm'];

/**
 * The operator's trial: the API as `npm start` runs it (compiled, its own process) killed with SIGKILL while three
 * `Prefer: respond-async` quote requests wait on slow insurers, then started again on the same database. The
 * requests' deadline (MOTOR_QUOTE_DEADLINE_MS + 15 s, real time) is moved into the past in the database while the
 * API is down, instead of waiting for it: the restarted API completes them at boot, with the two insurers recorded as
 * timeouts, before anyone reads them; one whose deadline is still ahead at boot is completed when it comes. Stopped
 * with SIGTERM while a fan-out runs, the API records its unanswered insurers as timeouts and exits 0.
 */
describe('motor quote requests of an API killed with SIGKILL', () => {
  const build = join(ROOT, 'dist', `test-kill-${randomBytes(4).toString('hex')}`);
  const dataDir = mkdtempSync(join(process.env.TEST_TMP_DIR ?? tmpdir(), 'kill-'));
  let handle: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let sandbox: RunningSandbox;
  let child: ChildProcess | undefined;
  /** Every API process started, killed at the end whatever happened to the test. */
  const started = new Set<ChildProcess>();
  let env: Record<string, string>;
  let base: string;

  beforeAll(async () => {
    execFileSync(join(ROOT, 'node_modules', '.bin', 'swc'), ['apps/api/src', 'libs', '-d', build, '--quiet'], { cwd: ROOT });
    sandbox = await startSandbox({ clock: new ManualClock() });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    if (process.env.DATABASE_URL) {
      handle = await openTestDatabase();
      await handle.db.close(); // the API process owns the database from here
    }
    env = {
      PATH: process.env.PATH ?? '',
      APP_ENV: 'sandbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SANDBOX_START: 'false',
      SANDBOX_URL: sandbox.baseUrl,
      JWT_SECRET: 'kill-test-secret-'.padEnd(48, 'x'),
      RATE_LIMIT_DEFAULT_PER_MINUTE: '100000',
      ...(handle?.url ? { DATABASE_URL: handle.url } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `kill:${randomBytes(4).toString('hex')}:` } : {}),
    };
  });
  afterAll(async () => {
    for (const proc of started) {
      const exit = exited(proc);
      proc.kill('SIGKILL');
      await exit;
    }
    await sandbox?.close();
    if (handle) await handle.drop();
    rmSync(build, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startApi(): Promise<ChildProcess> {
    const proc = spawn(process.execPath, [join(build, 'apps/api/src/main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    started.add(proc);
    let output = '';
    proc.stdout!.on('data', (c) => (output += c));
    proc.stderr!.on('data', (c) => (output += c));
    await eventually(
      async () =>
        (await fetch(`${base}/health/live`)
          .then((r) => r.ok)
          .catch(() => false)) && output.includes('Console:'),
      180_000,
      `the API to start (${output})`,
    );
    return proc;
  }

  function exited(proc: ChildProcess): Promise<number | null> {
    if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(proc.exitCode);
    return new Promise((done) => proc.once('exit', (code) => done(code)));
  }

  /** The database, opened here while no API process runs (the embedded one admits one process at a time). */
  async function withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    const db = handle ? await openDatabase({ url: handle.url! }) : await openDatabase({ pgliteDir: join(dataDir, 'db') });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  }

  /** The console's view of a request: it reads without stamping anything. */
  // One staff session for the whole test (kept in the database, so it outlives a restart): polling would otherwise
  // sign in every 50 ms and meet the per-address sign-in limit.
  let staffCookie: string | undefined;
  async function consoleOutcomes(id: number): Promise<Record<string, string | null>> {
    if (!staffCookie) {
      const login = await http(`${base}/admin/api/auth/login`, {
        json: { email: 'operations@sandbox.test', password: 'sandbox-operations-pass' },
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      expect(login.status).toBe(200);
      staffCookie = login.headers.get('set-cookie')!.split(';')[0];
    }
    const cookie = staffCookie;
    const res = await http(`${base}/admin/api/motor-quote-requests/${id}`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    return Object.fromEntries(res.body.insurers.map((i: any) => [i.insurer_code, i.outcome]));
  }

  it('completes them after the restart, within their deadline, the unanswered insurers as timeouts', async () => {
    child = await startApi();
    const client = JSON.parse(readFileSync(join(dataDir, 'sandbox-client.json'), 'utf8')) as { client_id: string; client_secret: string };
    const token = (await http(`${base}/oauth/token`, { json: { grant_type: 'client_credentials', ...client } })).body.access_token as string;
    expect(
      (await http(`${base}/api/v1/car-comp/quote-otp`, { token, json: { owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone } })).status,
    ).toBe(204);
    const messages = await http(`${base}/api/v1/sandbox/messages?phone=${OWNER.phone}`, { token });
    const otp = /\b(\d{4})\b/.exec(messages.body.data[0].text)![1];

    for (const code of SLOW) await sandboxHttp('PUT', `${sandbox.baseUrl}/__control/insurers/${code}`, { latency_ms: 120_000 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await http(`${base}${BASE}`, { token, json: quoteBody(otp), headers: { Prefer: 'respond-async' } });
      expect(res.status).toBe(202);
      ids.push(res.body.id);
    }
    // every fast insurer answered; the slow two are still working
    for (const id of ids) {
      await eventually(async () => {
        const shown = (await http(`${base}${BASE}/${id}`, { token })).body;
        return shown.insurers.filter((i: any) => i.state === 'pending').length === SLOW.length;
      }, 30_000);
    }

    const dead = child;
    dead.kill('SIGKILL');
    await exited(dead);
    child = undefined;

    const [overdue1, overdue2, later] = ids;
    await withDatabase(async (db) => {
      const rows = await db.prisma.motorQuoteRequest.findMany({ where: { id: { in: ids } }, include: { outcomes: true } });
      for (const r of rows) {
        expect(r.quotesStatus).toBe('in_progress');
        expect(r.outcomes.some((o) => SLOW.includes(o.insurerCode))).toBe(false);
      }
      // time passes while the API is down: two past their deadline, the third due a little after the restart
      await db.prisma.motorQuoteRequest.updateMany({ where: { id: { in: [overdue1, overdue2] } }, data: { quotesDeadlineAt: new Date(Date.now() - 1000) } });
      await db.prisma.motorQuoteRequest.update({ where: { id: later }, data: { quotesDeadlineAt: new Date(Date.now() + 10_000) } });
    });

    child = await startApi();
    // completed at boot, before anyone read them (the console's view stamps nothing)
    for (const id of [overdue1, overdue2])
      expect(
        Object.entries(await consoleOutcomes(id))
          .filter(([, o]) => o === 'timeout')
          .map(([c]) => c)
          .sort(),
      ).toEqual([...SLOW].sort());
    // and the one due later when its deadline comes, still without a read
    await eventually(
      async () => Object.values(await consoleOutcomes(later)).filter((o) => o === 'timeout').length === SLOW.length,
      60_000,
      'the later request to be completed',
    );

    const shown = (await http(`${base}${BASE}/${overdue1}`, { token })).body;
    expect(shown.status).toBe('complete');
    expect(shown.insurers.filter((i: any) => SLOW.includes(i.code)).map((i: any) => i.state)).toEqual(['timeout', 'timeout']);

    // SIGTERM while a fan-out waits on the slow insurers: the API stops cleanly (exit 0), the cut request completed
    const cut = await http(`${base}${BASE}`, { token, json: quoteBody(otp), headers: { Prefer: 'respond-async' } });
    expect(cut.status).toBe(202);
    await eventually(async () => {
      const s = (await http(`${base}${BASE}/${cut.body.id}`, { token })).body;
      return s.insurers.filter((i: any) => i.state === 'pending').length === SLOW.length;
    }, 30_000);
    const stopping = child;
    stopping.kill('SIGTERM');
    expect(await exited(stopping)).toBe(0);
    child = undefined;
    await withDatabase(async (db) => {
      const rows = await db.prisma.motorQuoteRequest.findMany({
        where: { id: { in: [...ids, cut.body.id] } },
        orderBy: { id: 'asc' },
        include: { outcomes: true },
      });
      expect(rows.map((r) => r.quotesStatus)).toEqual(['complete', 'complete', 'complete', 'complete']);
      for (const r of rows)
        expect(
          r.outcomes
            .filter((o) => o.outcome === 'timeout')
            .map((o) => o.insurerCode)
            .sort(),
        ).toEqual([...SLOW].sort());
    });
  }, 600_000);
});
