import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase } from '../../test/support/test-app';
import { OWNER, quoteBody } from '../../test/support/motor-kit';
import { http } from '../../test/support/http';
import { runLoad, runLoadSplit } from '../support/load';
import { idleCpuMsPerSecond, RUN_ENV, rssMb, withBuiltApi } from '../support/built-api';
import type { LoadPlan, LoadResult } from '../support/load-worker';

const IDLE_MS = 30_000;

/**
 * Issue 19 goal 5, embedded half: the built API (`npm start`'s process, on PGlite) started on a fresh data
 * directory, left idle, its resident memory read from /proc; then started again on the same directory (the
 * fresh start also runs initdb, whose memory the WASM heap keeps). Target: below 300 MB idle.
 */
export async function embeddedIdleMemoryScenario() {
  const data = mkdtempSync(join(tmpdir(), 'bench-rss-'));
  try {
    const first = await idle(data, 39_401);
    const restart = await idle(data, 39_401);
    return {
      idle_after_ms: IDLE_MS,
      first_start_rss_mb: first.rssMb,
      restart_rss_mb: restart.rssMb,
      /** CPU used over the idle time's last two thirds, in ms a second: its workers' polls and timers (ticks of 10 ms). */
      idle_cpu_ms_per_second: { first_start: first.cpuMsPerSecond, restart: restart.cpuMsPerSecond },
      target_mb: 300,
      met: Math.max(first.rssMb, restart.rssMb) < 300,
    };
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

/** The resident memory of the idle API, and the CPU it used idle once start-up's work was over. */
async function idle(dataDir: string, port: number): Promise<{ rssMb: number; cpuMsPerSecond: number }> {
  // the embedded default as a fresh clone runs it: no PostgreSQL, no Redis, nothing the bench's harness set
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    SANDBOX_PORT: String(port + 1),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...RUN_ENV,
  };
  return withBuiltApi(env, port, async (pid) => {
    await new Promise((r) => setTimeout(r, IDLE_MS / 3));
    const cpuMsPerSecond = await idleCpuMsPerSecond(pid, (IDLE_MS * 2) / 3);
    return { rssMb: rssMb(pid), cpuMsPerSecond };
  });
}

/**
 * Issue 19 goal 5, PostgreSQL half: the built API (`npm start`'s process) on PostgreSQL and Redis, its own
 * sandbox insurers beside it, driven as partners drive it: 20 concurrent quote requests for 10 rounds, then
 * 5 s each of the quote request read (by id) and the quote request list at 20 concurrent, RSS sampled from
 * /proc every 100 ms throughout. Target: the peak below 300 MB.
 */
export async function postgresLoadedMemoryScenario() {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) throw new Error('the loaded memory scenario runs on PostgreSQL and Redis (DATABASE_URL, REDIS_URL)');
  const database = await openTestDatabase();
  await database.db.close();
  const data = mkdtempSync(join(tmpdir(), 'bench-rss-pg-'));
  const port = 39_411;
  const client = { id: randomUUID(), secret: randomBytes(24).toString('hex') };
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    APP_ENV: 'sandbox',
    PORT: String(port),
    SANDBOX_PORT: String(port + 1),
    SANDBOX_PROFILE: 'fast',
    DATA_DIR: data,
    DATABASE_URL: database.url!,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: `bench-rss:${randomBytes(4).toString('hex')}:`,
    SANDBOX_CLIENT_ID: client.id,
    SANDBOX_CLIENT_SECRET: client.secret,
    RATE_LIMIT_DEFAULT_PER_MINUTE: '10000000',
    LOG_LEVEL: 'warn',
    ...RUN_ENV,
  };
  try {
    return await withBuiltApi(env, port, async (pid) => {
      const base = `http://127.0.0.1:${port}`;
      const idle = rssMb(pid);
      const peaks = { quotes: 0, reads_by_id: 0, list_reads: 0 };
      let phase: keyof typeof peaks = 'quotes';
      const sampler = setInterval(() => (peaks[phase] = Math.max(peaks[phase], rssMb(pid))), 100);
      try {
        const token = await partnerToken(base, client);
        const headers = { Authorization: `Bearer ${token}` };
        const otp = await quoteOtp(base, headers);
        const checked = (what: string, r: LoadResult) => {
          if (r.errors) throw new Error(`${what} failed (${r.errors}): ${r.firstError}`);
          return r;
        };
        const quotes: LoadPlan = {
          url: `${base}/api/v1/car-comp/quote-requests`,
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(quoteBody(otp)),
          expectStatus: 201,
          mode: 'bursts',
          concurrency: 20,
          rounds: 10,
        };
        checked('quote requests', await runLoad(quotes));
        const last = (await http(`${base}/api/v1/car-comp/quote-requests?per_page=1`, { headers })).body.data[0].id as number;
        const read = (path: string): LoadPlan => ({
          url: `${base}${path}`,
          method: 'GET',
          headers,
          expectStatus: 200,
          mode: 'throughput',
          concurrency: 20,
          durationMs: 5000,
        });
        phase = 'reads_by_id';
        const byId = checked('quote request reads', await runLoadSplit(read(`/api/v1/car-comp/quote-requests/${last}`)));
        phase = 'list_reads';
        const list = checked('quote request lists', await runLoadSplit(read('/api/v1/car-comp/quote-requests')));
        await new Promise((r) => setTimeout(r, 5000));
        const after = rssMb(pid);
        const peak = Math.max(...Object.values(peaks));
        return {
          idle_rss_mb: idle,
          peak_rss_mb: peak,
          peak_rss_mb_by_phase: peaks,
          rss_5s_after_load_mb: after,
          load: { quote_requests: quotes.concurrency * quotes.rounds!, reads_by_id: byId.requests, list_reads: list.requests },
          target_mb: 300,
          met: peak < 300,
          database: 'postgres',
        };
      } finally {
        clearInterval(sampler);
      }
    });
  } finally {
    rmSync(data, { recursive: true, force: true });
    await database.drop();
  }
}

/** The sandbox client's token: `npm start` creates the client just after it starts listening, so a 401 is retried for a while. */
async function partnerToken(base: string, client: { id: string; secret: string }): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await http(`${base}/oauth/token`, { json: { grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret } });
    if (res.status === 200) return res.body.access_token as string;
    if (res.status !== 401 || Date.now() > deadline) throw new Error(`token ${res.status}: ${res.text}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function quoteOtp(base: string, headers: Record<string, string>): Promise<string> {
  const sent = await http(`${base}/api/v1/car-comp/quote-otp`, { headers, json: { owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone } });
  if (sent.status !== 204) throw new Error(`quote-otp ${sent.status}: ${sent.text}`);
  const messages = await http(`${base}/api/v1/sandbox/messages?phone=${OWNER.phone}`, { headers });
  const code = /\b(\d{4})\b/.exec(messages.body.data?.[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in ${messages.text}`);
  return code;
}

/** The results page's section of memoryScenario's result. */
export function memoryScenarioMarkdown(memory: Awaited<ReturnType<typeof memoryScenario>>): string[] {
  const md: string[] = [];
  const { postgres_under_load: pg, embedded_idle: embedded } = memory;
  md.push(
    `## Memory: RSS of the built API process (\`npm start\`'s)`,
    `PostgreSQL + Redis under the partners' load (${pg.load.quote_requests} quote requests 20 at a time, then ${pg.load.reads_by_id} reads by id and ${pg.load.list_reads} list reads at 20 concurrent): ` +
      `idle ${pg.idle_rss_mb} MB, peak ${pg.peak_rss_mb} MB, 5 s after ${pg.rss_5s_after_load_mb} MB (target peak < ${pg.target_mb}: ${pg.met ? 'met' : 'NOT met'})`,
    `embedded default (PGlite), idle ${embedded.idle_after_ms / 1000} s after ready: first start on a fresh data directory ${embedded.first_start_rss_mb} MB; ` +
      `restart on the same directory ${embedded.restart_rss_mb} MB (target < ${embedded.target_mb}: ${embedded.met ? 'met' : 'NOT met'})`,
    `its CPU while idle (its sandbox insurers and workers in the process): ${embedded.idle_cpu_ms_per_second.first_start} ms a second after the first start, ${embedded.idle_cpu_ms_per_second.restart} after the restart`,
    '',
  );
  return md;
}

/** Issue 19 goal 5, both halves: the built API on PostgreSQL under the partners' load, and the embedded default idle. */
export async function memoryScenario() {
  return { postgres_under_load: await postgresLoadedMemoryScenario(), embedded_idle: await embeddedIdleMemoryScenario() };
}
