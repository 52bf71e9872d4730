import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ManualClock } from '../../libs/common/src';
import { openDatabase } from '../../libs/db/src';
import { http as sandboxHttp, RunningSandbox, startSandbox } from '../sandbox/sandbox-test-kit';
import { http, type HttpResponse } from '../support/http';
import { OWNER, quoteBody } from '../support/motor-kit';
import { freePort, openTestDatabase } from '../support/test-app';
import { eventually } from '../webhooks/webhook-receiver';

const ROOT = resolve(__dirname, '../..');
const BASE = '/api/v1/car-comp/quote-requests';
/** Answers well within the grace period: a request waiting on it finishes during the stop. */
const SLOW = 'dune';
const SLOW_LATENCY_MS = 2_000;
/** Answers long after the grace period (and before its own timeout): only the stop's cut ends its wait. */
const STUCK = 'palm';
const GRACE_MS = 15_000;

// Two API processes serving partners on one database: the embedded database belongs to one process, so this exists
// only with PostgreSQL (DATABASE_URL).
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
if (!process.env.DATABASE_URL)
  it.skip('graceful shutdown beside a second instance: PostgreSQL only (the embedded database admits one API process)', () => undefined);

/**
 * The operator's rolling restart: two API processes as `npm start` runs them (compiled) on one PostgreSQL database;
 * instance 1 gets SIGTERM while a synchronous quote request waits on two slow insurers and a progressive one's fan-out
 * runs. Instance 1 stops taking connections, the synchronous request is answered (the insurer answering within the
 * grace period with its offers, the other cut at the grace period's end as a timeout), the progressive request is
 * recorded complete with its unanswered insurer a timeout, and the process exits 0. Instance 2 answers the partner's
 * list and by-id reads throughout. Insurer timeout and quote deadline are far beyond the test, so only the stop can
 * have ended those waits.
 */
onPostgres('SIGTERM to one of two API instances', () => {
  const build = join(ROOT, 'dist', `test-stop-${randomBytes(4).toString('hex')}`);
  const dataDir = mkdtempSync(join(process.env.TEST_TMP_DIR ?? tmpdir(), 'stop-'));
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let sandbox: RunningSandbox;
  const started = new Set<ChildProcess>();
  let baseEnv: Record<string, string>;

  beforeAll(async () => {
    execFileSync(join(ROOT, 'node_modules', '.bin', 'swc'), ['apps/api/src', 'libs', '-d', build, '--quiet'], { cwd: ROOT });
    sandbox = await startSandbox({ clock: new ManualClock() });
    handle = await openTestDatabase();
    await handle.db.close(); // the API processes own the database from here
    baseEnv = {
      PATH: process.env.PATH ?? '',
      APP_ENV: 'sandbox',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SANDBOX_START: 'false',
      SANDBOX_URL: sandbox.baseUrl,
      // one partner, one token signing secret: either instance serves the same client
      SANDBOX_CLIENT_ID: randomUUID(),
      SANDBOX_CLIENT_SECRET: randomBytes(24).toString('hex'),
      JWT_SECRET: 'stop-test-secret-'.padEnd(48, 'x'),
      RATE_LIMIT_DEFAULT_PER_MINUTE: '100000',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      MOTOR_INSURER_TIMEOUT_MS: '110000',
      MOTOR_QUOTE_DEADLINE_MS: '110000',
      DATABASE_URL: handle.url!,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `stop:${randomBytes(4).toString('hex')}:` } : {}),
    };
  });
  afterAll(async () => {
    for (const proc of started) {
      const exit = exited(proc);
      proc.kill('SIGKILL');
      await exit;
    }
    await sandbox?.close();
    await handle?.drop();
    rmSync(build, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startApi(name: string): Promise<{ proc: ChildProcess; port: number; base: string }> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ...baseEnv, PORT: String(port), DATA_DIR: join(dataDir, name) };
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
      `${name} to start (${output})`,
    );
    return { proc, port, base };
  }

  function exited(proc: ChildProcess): Promise<number | null> {
    if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(proc.exitCode);
    return new Promise((done) => proc.once('exit', (code) => done(code)));
  }

  /** A new connection (no pooled keep-alive socket) asking for the liveness probe: its status, or the connection's error code. */
  function probe(port: number): Promise<number | string> {
    return new Promise((done) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/health/live', agent: false }, (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode!));
      });
      req.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
      req.end();
    });
  }

  it('drains and exits 0 with every request answered or recorded, while the other instance serves', async () => {
    const one = await startApi('one');
    const two = await startApi('two');
    const client = { client_id: baseEnv.SANDBOX_CLIENT_ID, client_secret: baseEnv.SANDBOX_CLIENT_SECRET };
    const token = (await http(`${one.base}/oauth/token`, { json: { grant_type: 'client_credentials', ...client } })).body.access_token as string;
    expect(
      (await http(`${one.base}/api/v1/car-comp/quote-otp`, { token, json: { owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone } })).status,
    ).toBe(204);
    const messages = await http(`${one.base}/api/v1/sandbox/messages?phone=${OWNER.phone}`, { token });
    const otp = /\b(\d{4})\b/.exec(messages.body.data[0].text)![1];
    const list = () => http(`${two.base}${BASE}`, { token });
    const show = (id: number) => http(`${two.base}${BASE}/${id}`, { token });
    const states = (shown: HttpResponse) => Object.fromEntries(shown.body.insurers.map((i: any) => [i.code, i.state]));

    await sandboxHttp('PUT', `${sandbox.baseUrl}/__control/insurers/${SLOW}`, { latency_ms: SLOW_LATENCY_MS });
    await sandboxHttp('PUT', `${sandbox.baseUrl}/__control/insurers/${STUCK}`, { latency_ms: 120_000 });

    // a progressive request on instance 1, its fan-out waiting on the stuck insurer
    const progressive = await http(`${one.base}${BASE}`, { token, json: quoteBody(otp), headers: { Prefer: 'respond-async' } });
    expect(progressive.status).toBe(202);
    const asyncId = progressive.body.id as number;
    await eventually(async () => states(await show(asyncId))[SLOW] !== 'pending', 60_000, 'the progressive request to hear from the slow insurer');
    // a synchronous request on instance 1, in flight: instance 2 sees it written, still in progress
    const sync = http(`${one.base}${BASE}`, { token, json: quoteBody(otp) });
    let syncId = 0;
    await eventually(
      async () => {
        const other = (await list()).body.data.find((r: any) => r.id !== asyncId);
        syncId = other?.id ?? 0;
        return syncId > 0;
      },
      60_000,
      'the synchronous request to be written',
    );
    const inFlight = await show(syncId);
    expect(inFlight.body.status).toBe('in_progress');
    expect(states(inFlight)[STUCK]).toBe('pending');

    one.proc.kill('SIGTERM');
    const exit = exited(one.proc);
    let stopped = false;
    void exit.then(() => (stopped = true));
    // while instance 1 drains: once it has taken the signal it serves no new connection (refused once it stopped
    // listening; one caught in the moment before is answered 503 or reset), and instance 2 answers the partner's reads.
    // A probe that reaches it before the signal is handled is still served: only what follows the first refusal counts.
    const whileStopping: Array<number | string> = [];
    let readsWhileStopping = 0;
    while (!stopped) {
      const [page, byId, onOne] = await Promise.all([list(), show(asyncId), probe(one.port)]);
      expect(page.status).toBe(200);
      expect(byId.status).toBe(200);
      if (!stopped) {
        readsWhileStopping++;
        whileStopping.push(onOne);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await exit).toBe(0);
    expect(readsWhileStopping).toBeGreaterThan(0);
    const refusedFrom = whileStopping.findIndex((a) => a !== 200);
    expect(refusedFrom).toBeGreaterThanOrEqual(0);
    for (const answer of whileStopping.slice(refusedFrom)) expect([503, 'ECONNREFUSED', 'ECONNRESET']).toContain(answer);
    expect(await probe(one.port)).toBe('ECONNREFUSED');

    // the synchronous request was answered in full: the slow insurer's offers, the stuck one cut as a timeout
    const answered = await sync;
    expect(answered.status).toBe(201);
    expect(answered.body.id).toBe(syncId);
    const stored = await show(syncId);
    expect(answered.body.quotes.map((q: any) => q.quote_reference_id).sort()).toEqual(stored.body.quotes.map((q: any) => q.quote_reference_id).sort());
    expect(['quoted', 'declined']).toContain(states(stored)[SLOW]);

    // durable state, read through instance 2: both requests complete, the stuck insurer a timeout, nothing pending
    for (const id of [syncId, asyncId]) {
      const shown = await show(id);
      expect(shown.status).toBe(200);
      expect(shown.body.status).toBe('complete');
      expect(states(shown)[STUCK]).toBe('timeout');
      expect(Object.values(states(shown))).not.toContain('pending');
    }
    const page = await list();
    expect(page.status).toBe(200);
    expect(page.body.data.map((r: any) => r.id).sort()).toEqual([asyncId, syncId].sort());

    const db = await openDatabase({ url: handle.url! });
    try {
      const rows = await db.prisma.motorQuoteRequest.findMany({ where: { id: { in: [syncId, asyncId] } }, include: { outcomes: true } });
      expect(rows.map((r) => r.quotesStatus)).toEqual(['complete', 'complete']);
      for (const r of rows) expect(r.outcomes.find((o) => o.insurerCode === STUCK)?.outcome).toBe('timeout');
    } finally {
      await db.close();
    }
  }, 600_000);
});
