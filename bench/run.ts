/**
 * npm run bench: the motor benchmarks of the platform, written to bench/results/latest.json and .md.
 * The load comes from a separate process (bench/load-worker.ts), as a real client's would.
 *  1. Quote fan-out overhead: nine sandbox insurers at fixed latencies (slowest 400 ms), 20 concurrent
 *     quote requests; overhead = response time - slowest insurer latency, and the API's CPU per quote request.
 *     The same bursts against a bare handler making only the nine calls, in turns with the API's, give the
 *     machine's floor (target: p99 overhead at most 1.5x the floor's, CPU under 5 ms). Then one insurer hangs: no response may take longer
 *     than the configured deadline.
 *  2. Authenticated, rate-limited (on Redis, limit high enough that nothing is refused) GET /api/v1/car-comp/policies/{id}
 *     throughput of the built API in production mode (its own process; the sandbox API is measured beside it)
 *     against a bare Fastify handler doing the fastest correct read of the same data with pg (a named prepared
 *     statement selecting the response's columns), in one run (target >= 50% of the bare handler); and a raw
 *     HTTP server answering a constant JSON body under the same load, whose rate must be >= 10x the API's (else
 *     the load generator, not the API, is what is measured). The load comes from LOAD_PROCESSES (default 1)
 *     load-worker processes per target, started together, their rates added.
 *  3. Progressive quotes: 20 concurrent partners post with `Prefer: respond-async` and follow the event stream;
 *     delay = first offer received by the stream client - the fastest insurer's answer in hand in the API
 *     (diagnostics channel motor.quote.answer), both high-resolution wall times on this machine (target p99 <= 10 ms).
 *  4. Lists (issue 19 goal 4): the first page of GET /api/v1/car-comp/policies, /quote-requests, /api/v1/payments and
 *     the console's motor-policies and payments lists (one client's filter) at 1 thousand rows and at BENCH_LIST_ROWS
 *     (default 1 million) rows of one client, generated in SQL (INSERT ... SELECT ... generate_series) within
 *     BENCH_LIST_BUDGET_S seconds (default 300; the size reached is reported); target p50 at the large size <= 2x.
 *  5. Memory (issue 19 goal 5; bench/memory.ts): the built API on PostgreSQL and Redis under partners' load (quotes,
 *     reads by id, lists), its peak RSS; and on PGlite, idle, on a fresh data directory and again after a restart
 *     (target below 300 MB RSS for both).
 * `npm run bench` runs all five and writes the results files; BENCH_ONLY=policy-read,lists (any of policy-read,
 * fan-out, progressive, lists, memory) runs only those and writes the files with them alone; `npm run bench -- <scenario>`
 * runs one and only prints it.
 * All run on PostgreSQL and Redis (DATABASE_URL / REDIS_URL, default the local ones).
 * Requests go to 127.0.0.1 only; every loop is bounded in count and time.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { startConstantServer } from './constant-server';
import Fastify from 'fastify';
import { Pool } from 'pg';
import { startSandbox } from '../test/sandbox/sandbox-test-kit';
import { freePort, startTestApp, TestApp } from '../test/support/test-app';
import { OWNER, quoteBody, quoteOtp, latestCode } from '../test/support/motor-kit';
import { http } from '../test/support/http';
import { signIn } from '../test/admin/admin-kit';
import globalSetup from '../test/support/global-setup';
import globalTeardown from '../test/support/global-teardown';
import { projectRoot } from '../libs/db/src';
import { ManualClock } from '../libs/common/src';
import { exchangeJson } from '../libs/providers/src/shared/json-http';
import { SHOW_POLICY_SQL, showPolicyParams } from '../apps/api/src/products/motor/issuance/motor-policy.repository';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { LOAD_PROCESSES, runLoad, runLoadSplit, summary, p50p99 } from './load';
import { embeddedIdleMemoryScenario, postgresLoadedMemoryScenario } from './memory';
import { cpuMicros, idleCpuMsPerSecond, otherThreadsCpuMicros, RUN_ENV, withBuiltApi } from './built-api';
import { profiled } from './cpu-profile';
import type { LoadPlan, LoadResult } from './load-worker';
import type { ProgressivePlan, ProgressiveSample } from './progressive-worker';

const INSURER_LATENCIES: Record<string, number> = {
  dune: 100,
  palm: 150,
  oryx: 200,
  compass: 250,
  lantern: 300,
  caravan: 350,
  pearl: 380,
  summit: 400,
  naseem: 50,
};
const SLOWEST = Math.max(...Object.values(INSURER_LATENCIES));
/**
 * Bursts of 20 quote requests before measuring (each side: the API and the bare handler), and measured. 2,000 requests
 * of warm-up: V8 goes on compiling this path's functions for that long (on its compiler threads, counted in the API's
 * CPU); after 200 the API's CPU per request was 7.4-8.3 ms, after 2,000 or 5,000 5.6-6.9 (on one machine, its load
 * varying). 600 measured, so that the p99 is not the second-worst of 200.
 */
const FAN_OUT_WARM_UP_ROUNDS = Number(process.env.BENCH_FAN_OUT_WARMUP ?? 100);
const FAN_OUT_ROUNDS = Number(process.env.BENCH_FAN_OUT_ROUNDS ?? 30);
/** How long the fan-out watches the built API's CPU with no request in flight. */
const IDLE_CPU_MS = 10_000;

/** The sandbox insurers as their own process, as `npm start` runs them: their work does not share the API's event loop. */
async function startSandboxProcess(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(__dirname, '..', 'apps', 'sandbox', 'src', 'main.js')], {
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_PROFILE: 'fast', SANDBOX_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`${baseUrl}/insurers`).catch(() => null))?.ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const [code, latency_ms] of Object.entries(INSURER_LATENCIES)) {
    await http(`${baseUrl}/__control/insurers/${code}`, { method: 'PUT', json: { latency_ms, fault: 'none' } });
  }
  return { baseUrl, close: async () => void child.kill('SIGTERM') };
}

/** Runs progressive clients in a separate process (bench/progressive-worker.ts) and returns what each saw. */
function runProgressive(plan: ProgressivePlan): Promise<ProgressiveSample[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'progressive-worker.js'), JSON.stringify(plan)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as ProgressiveSample[]) : reject(new Error(`progressive worker exited ${code}`))));
  });
}

/**
 * Progressive quotes: how long after the fastest insurer's answer reaches the API its offers reach a partner
 * following the event stream. The answer's instant comes from the API itself (published before the answer
 * is stored); a stream opened after it (the client was still connecting) counts from its opening instead,
 * since nothing can reach a stream before it exists; how often that happened is reported.
 */
async function progressiveScenario() {
  const sandbox = await startSandboxProcess();
  const app = await startTestApp({
    env: {
      SANDBOX_URL: sandbox.baseUrl,
      LOG_LEVEL: 'warn',
      MOTOR_INSURER_TIMEOUT_MS: '2000',
      MOTOR_QUOTE_DEADLINE_MS: '2500',
      RATE_LIMIT_DEFAULT_PER_MINUTE: '100000',
    },
  }).catch(async (e) => {
    await sandbox.close();
    throw e;
  });
  const firstAnswer = new Map<number, number>();
  const onAnswer = (message: unknown) => {
    const m = message as { quoteRequestId: number; outcome: string; at: number };
    if (m.outcome !== 'ok') return;
    const seen = firstAnswer.get(m.quoteRequestId);
    if (seen === undefined || m.at < seen) firstAnswer.set(m.quoteRequestId, m.at);
  };
  subscribe('motor.quote.answer', onAnswer);
  try {
    const p = await app.partner(['motor-comprehensive-comparison']);
    const otp = await quoteOtp(app, p.token);
    const plan = (concurrency: number, rounds: number): ProgressivePlan => ({
      url: `${app.url}/api/v1/car-comp/quote-requests`,
      token: p.token,
      body: JSON.stringify(quoteBody(otp)),
      concurrency,
      rounds,
    });
    // warm-up, as for the fan-out: connections opened and code compiled
    await runProgressive(plan(1, 3));
    await runProgressive(plan(20, 1));
    const samples = await runProgressive(plan(20, 5));
    const broken = samples.filter((s) => !s.firstOfferAt || s.insurerEvents !== Object.keys(INSURER_LATENCIES).length || !firstAnswer.has(s.quoteRequestId));
    if (broken.length) throw new Error(`${broken.length} progressive requests lacked an offer, an event or the answer instant: ${JSON.stringify(broken[0])}`);
    const answerAt = (s: ProgressiveSample) => firstAnswer.get(s.quoteRequestId)!;
    const delays = samples.map((s) => s.firstOfferAt - Math.max(answerAt(s), s.streamOpenAt));
    const delay = summary(delays);
    return {
      insurers: Object.keys(INSURER_LATENCIES).length,
      fastest_insurer_ms: Math.min(...Object.values(INSURER_LATENCIES)),
      concurrency: 20,
      first_offer_delay_ms: delay,
      streams_opened_after_the_answer: samples.filter((s) => s.streamOpenAt > answerAt(s)).length,
      // the two cases apart: streams following before the answer (in-process delivery) and streams catching up
      delay_ms_stream_open_before_answer: summary(samples.filter((s) => s.streamOpenAt <= answerAt(s)).map((s) => s.firstOfferAt - answerAt(s))),
      delay_ms_stream_opened_later: summary(samples.filter((s) => s.streamOpenAt > answerAt(s)).map((s) => s.firstOfferAt - s.streamOpenAt)),
      target: 'p99 <= 10 ms',
      met: delay.p99 <= 10,
      database: app.db.kind,
    };
  } finally {
    unsubscribe('motor.quote.answer', onAnswer);
    await app.close();
    await sandbox.close();
  }
}

/** What the fan-out scenarios share: the sandbox insurers, a partner with a quote OTP, its quote request. */
async function withFanOutSetup<T>(
  use: (s: {
    app: TestApp;
    partner: { id: string; secret: string; token: string };
    sandboxUrl: string;
    quotePlan: (url: string, token: string) => (concurrency: number, rounds: number) => LoadPlan;
    checked: (r: LoadResult) => number[];
    productionEnv: (port: number) => Promise<Record<string, string | undefined>>;
  }) => Promise<T>,
): Promise<T> {
  const sandbox = await startSandboxProcess();
  const shared = {
    LOG_LEVEL: 'warn',
    SANDBOX_URL: sandbox.baseUrl,
    MOTOR_INSURER_TIMEOUT_MS: '2000',
    MOTOR_QUOTE_DEADLINE_MS: '2500',
    RATE_LIMIT_DEFAULT_PER_MINUTE: '100000',
    JWT_SECRET: `bench-${randomBytes(16).toString('hex')}`.padEnd(48, 'x'),
  };
  // on real time: the built API verifies the quote OTP this app stores, by its own (real) clock
  const app = await startTestApp({ env: shared, clock: new ManualClock() }).catch(async (e) => {
    await sandbox.close();
    throw e;
  });
  try {
    const p = await app.partner(['motor-comprehensive-comparison']);
    const body = JSON.stringify(quoteBody(await quoteOtp(app, p.token)));
    const quotePlan =
      (url: string, token: string) =>
      (concurrency: number, rounds: number): LoadPlan => ({
        url,
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body,
        expectStatus: 201,
        mode: 'bursts',
        concurrency,
        rounds,
      });
    const checked = (r: LoadResult) => {
      if (r.errors) throw new Error(`quote requests failed (${r.errors}): ${r.firstError}`);
      return r.latenciesMs!;
    };
    const productionEnv = async (port: number) => {
      const dbName = (await app.db.sql.query<{ db: string }>('SELECT current_database() AS db'))[0].db;
      const dbUrl = new URL(process.env.DATABASE_URL!);
      dbUrl.pathname = `/${dbName}`;
      return productionApiEnv(app, dbUrl, port, shared);
    };
    return await use({ app, partner: p, sandboxUrl: sandbox.baseUrl, quotePlan, checked, productionEnv });
  } finally {
    await app.close();
    await sandbox.close();
  }
}

/** A bearer token of the partner from the built API listening on `port`. */
async function builtApiToken(port: number, partner: { id: string; secret: string }): Promise<string> {
  const token = await http(`http://127.0.0.1:${port}/oauth/token`, {
    json: { grant_type: 'client_credentials', client_id: partner.id, client_secret: partner.secret },
  });
  if (token.status !== 200) throw new Error(`token ${token.status}: ${token.text}`);
  return token.body.access_token as string;
}

/**
 * `npm run bench -- fan-out-ab` with BENCH_BASELINE_ROOT=<another checkout, built>: this build's API and that one's,
 * each in its own process on the same database, measured burst for burst in turns (as the fan-out measures the API
 * against the bare handler), so both meet the same moments of the machine: the CPU each used per quote request and
 * their ratio. What a change to the quote path buys, apart from this machine's noise (one run alone swings by a tenth
 * or more).
 */
async function fanOutComparison() {
  const baselineRoot = process.env.BENCH_BASELINE_ROOT;
  if (!baselineRoot) throw new Error('fan-out-ab compares with the build in BENCH_BASELINE_ROOT (a checkout with its own npm run build)');
  return withFanOutSetup(async ({ partner, quotePlan, checked, productionEnv }) => {
    const [port, basePort] = [await freePort(), await freePort()];
    const [env, baseEnv] = [await productionEnv(port), await productionEnv(basePort)];
    return withBuiltApi(env, port, (pid) =>
      withBuiltApi(
        baseEnv,
        basePort,
        async (basePid) => {
          const plan = quotePlan(`http://127.0.0.1:${port}/api/v1/car-comp/quote-requests`, await builtApiToken(port, partner));
          const basePlan = quotePlan(`http://127.0.0.1:${basePort}/api/v1/car-comp/quote-requests`, await builtApiToken(basePort, partner));
          const turns = (rounds: number): LoadPlan => ({ ...plan(20, rounds), alternateWith: basePlan(20, rounds) });
          checked(await runLoad(plan(1, 3)));
          checked(await runLoad(basePlan(1, 3)));
          checked(await runLoad(turns(FAN_OUT_WARM_UP_ROUNDS)));
          const [before, baseBefore] = [cpuMicros(pid), cpuMicros(basePid)];
          const measured = await runLoad(turns(FAN_OUT_ROUNDS));
          checked(measured);
          const perRequest = (micros: number) => Math.round((micros / measured.latenciesMs!.length / 1000) * 100) / 100;
          const [cpu, baseCpu] = [perRequest(cpuMicros(pid) - before), perRequest(cpuMicros(basePid) - baseBefore)];
          return {
            rounds: { warm_up: FAN_OUT_WARM_UP_ROUNDS, measured: FAN_OUT_ROUNDS },
            api_cpu_ms_per_quote: cpu,
            baseline_cpu_ms_per_quote: baseCpu,
            cpu_ratio: Math.round((cpu / baseCpu) * 1000) / 1000,
            overhead_ms: summary(measured.latenciesMs!.map((t) => t - SLOWEST)),
            baseline_overhead_ms: summary(measured.alternateLatenciesMs!.map((t) => t - SLOWEST)),
            baseline_root: baselineRoot,
          };
        },
        baselineRoot,
      ),
    );
  });
}

/**
 * The fan-out as partners meet it: the built API in production mode in its own process, as deployed (npm start's
 * settings), its CPU read from /proc, measured burst for burst with the bare handler (in this process): the two take
 * turns within one load, so both meet the same moments of a machine whose other tenants come and go, and the ratio
 * compares like with like. Then the same API in sandbox mode in this process (what `npm start` runs by default: each
 * request in a test clock frame and the partner's insurer scope), its CPU from this process, on its own.
 */
async function fanOutScenario() {
  return withFanOutSetup(async ({ app, partner: p, sandboxUrl, quotePlan, checked, productionEnv }) => {
    // warm-up: connections opened and the hot code optimised, as in a service that has been running. V8 keeps
    // optimising functions of this path for thousands of calls: a few dozen requests leave much of it unoptimised.
    const measure = async (plan: (concurrency: number, rounds: number) => LoadPlan, cpu: () => number) => {
      checked(await runLoad(plan(1, 3)));
      checked(await runLoad(plan(20, FAN_OUT_WARM_UP_ROUNDS)));
      const before = cpu();
      const times = checked(await runLoad(plan(20, FAN_OUT_ROUNDS)));
      return { times, cpuMsPerRequest: Math.round(((cpu() - before) / times.length / 1000) * 100) / 100 };
    };
    const processCpu = () => {
      const c = process.cpuUsage();
      return c.user + c.system;
    };
    const msPerRequest = (micros: number, requests: number) => Math.round((micros / requests / 1000) * 100) / 100;

    // A Fastify handler that only makes the nine insurer calls and parses their JSON: what the machine itself costs
    // (loopback HTTP, the sandbox sharing the cores), without the service.
    const bare = await startBareFanOut(sandboxUrl);
    const barePlan = (concurrency: number, rounds: number): LoadPlan => ({
      ...quotePlan(bare.url, '')(concurrency, rounds),
      headers: { 'Content-Type': 'application/json' },
      expectStatus: 200,
    });
    const port = await freePort();
    const production = await withBuiltApi(await productionEnv(port), port, async (pid) => {
      const plan = quotePlan(`http://127.0.0.1:${port}/api/v1/car-comp/quote-requests`, await builtApiToken(port, p));
      const turns = (rounds: number): LoadPlan => ({ ...plan(20, rounds), alternateWith: barePlan(20, rounds) });
      if (process.env.BENCH_FAN_OUT_ROUNDS) process.stderr.write(`fan-out: measuring the built API (pid ${pid})\n`);
      checked(await runLoad(plan(1, 3)));
      checked(await runLoad(barePlan(1, 3)));
      checked(await runLoad(turns(FAN_OUT_WARM_UP_ROUNDS)));
      // the API's process works only on its own bursts; this process, in the bare handler's (the in-process app idles)
      const [apiBefore, otherThreadsBefore, bareBefore] = [cpuMicros(pid), otherThreadsCpuMicros(pid), processCpu()];
      const measured = await runLoad(turns(FAN_OUT_ROUNDS));
      checked(measured);
      const [apiCpu, otherThreadsCpu, bareCpu] = [cpuMicros(pid) - apiBefore, otherThreadsCpuMicros(pid) - otherThreadsBefore, processCpu() - bareBefore];
      const times = measured.latenciesMs!;
      const bareTimes = measured.alternateLatenciesMs!;
      // what the API's process uses with no request at all (timers, pools): a cost per second, which its quote requests'
      // CPU above includes for the time they and the bare handler's took (measured after them, so as not to hand the
      // measured bursts a heap V8 tidied while idle)
      const idleCpu = await idleCpuMsPerSecond(pid, IDLE_CPU_MS);
      await http(`${sandboxUrl}/__control/insurers/summit`, { method: 'PUT', json: { fault: 'timeout' } });
      const hung = checked(await runLoad(plan(10, 2)));
      await http(`${sandboxUrl}/__control/insurers/summit`, { method: 'PUT', json: { latency_ms: INSURER_LATENCIES.summit, fault: 'none' } });
      return {
        times,
        cpuMsPerRequest: msPerRequest(apiCpu, times.length),
        otherThreadsCpuMsPerRequest: msPerRequest(otherThreadsCpu, times.length),
        idleCpu,
        bareTimes,
        bareCpuMsPerRequest: msPerRequest(bareCpu, bareTimes.length),
        hung,
      };
    }).finally(() => bare.close());
    const inProcess = await profiled('fan-out', () => measure(quotePlan(`${app.url}/api/v1/car-comp/quote-requests`, p.token), processCpu));
    const bareMeasured = { times: production.bareTimes, cpuMsPerRequest: production.bareCpuMsPerRequest };

    const overhead = summary(production.times.map((t) => t - SLOWEST));
    const floor = summary(bareMeasured.times.map((t) => t - SLOWEST));
    const overFloor = Math.round((overhead.p99 / floor.p99) * 100) / 100;
    const sandboxOverhead = summary(inProcess.times.map((t) => t - SLOWEST));
    return {
      insurers: Object.keys(INSURER_LATENCIES).length,
      slowest_insurer_ms: SLOWEST,
      concurrency: 20,
      rounds: { warm_up: FAN_OUT_WARM_UP_ROUNDS, measured: FAN_OUT_ROUNDS },
      overhead_ms: overhead,
      p99_over_floor: overFloor,
      api_cpu_ms_per_quote: production.cpuMsPerRequest,
      /** Of api_cpu_ms_per_quote, what the API's threads other than the main one used (see otherThreadsCpuMicros). */
      api_other_threads_cpu_ms_per_quote: production.otherThreadsCpuMsPerRequest,
      /** The API's CPU while it served nothing, in ms per second (ticks of 10 ms: a resolution of 1 ms a second). */
      api_idle_cpu_ms_per_second: production.idleCpu,
      target: 'p99 overhead <= 1.5x the bare fan-out floor, API CPU < 5 ms per quote request (the built API in production mode)',
      met: overFloor <= 1.5 && production.cpuMsPerRequest < 5,
      bare_fan_out_overhead_ms: floor,
      bare_cpu_ms_per_request: bareMeasured.cpuMsPerRequest,
      sandbox_mode: {
        overhead_ms: sandboxOverhead,
        p99_over_floor: Math.round((sandboxOverhead.p99 / floor.p99) * 100) / 100,
        cpu_ms_per_quote: inProcess.cpuMsPerRequest,
      },
      with_hung_insurer: {
        deadline_ms: 2500,
        insurer_timeout_ms: 2000,
        response_ms: summary(production.hung),
        met: Math.max(...production.hung) <= 2500 + 250,
      },
      database: app.db.kind,
    };
  });
}

/** A Fastify handler that asks every sandbox insurer with the service's HTTP client and returns the parsed answers. */
async function startBareFanOut(sandboxUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const bare = Fastify({ logger: false });
  let n = 0;
  bare.post('/quotes', async () => {
    const body = {
      request_reference: `bare-${n++}`,
      locale: 'en',
      owner: { id: OWNER.owner_id, age: 40 },
      drivers: [{ id: OWNER.owner_id, age: 40, driving_percentage: 100 }],
      vehicle: { sequence_number: '123456789', model_year: 2024, estimated_value: '80000.00' },
      is_ownership_transfer: false,
      start_date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
    };
    // serialised once for the nine calls, each bounded by its own timeout, as the service's fan-out does
    const payload = Buffer.from(JSON.stringify(body));
    const answers = await Promise.all(
      Object.keys(INSURER_LATENCIES).map(async (code) =>
        JSON.parse((await exchangeJson(sandboxUrl, `/insurers/${code}/motor/quotes`, { method: 'POST', payload, timeoutMs: 2500 })).text),
      ),
    );
    return { quotes: answers.flatMap((a) => a.offers ?? []) };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/quotes`, close: () => bare.close() };
}

async function issuePolicy(app: TestApp, token: string): Promise<number> {
  const otp = await quoteOtp(app, token);
  const quote = (await app.request('/api/v1/car-comp/quote-requests', { token, json: quoteBody(otp) })).body;
  const offer = quote.quotes.find((q: any) => q.type !== 'Comprehensive');
  const sel = { quote_request_id: quote.id, quote_reference_id: offer.quote_reference_id, quote_price_id: offer.prices[0].quote_price_id };
  app.clock.advance(61_000);
  await app.request('/api/v1/car-comp/issue-otp', {
    token,
    json: { ...sel, owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone, iban: 'SA0380000000608010167519' },
  });
  const code = await latestCode(app, token, OWNER.phone);
  const policy = await app.request('/api/v1/car-comp/policies', { token, json: { otp: code, ...sel } });
  if (policy.status !== 201) throw new Error(`issue ${policy.status}: ${policy.text}`);
  return policy.body.id;
}

/** Every hit the rate limiter counted in Redis under the app's key prefix (its keys are `<prefix>rl:<hash>:<window>`). */
async function redisRateLimitHits(app: TestApp): Promise<number> {
  const redis = app.api.redis;
  if (!redis) return 0;
  let cursor = '0';
  let hits = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${app.config.redisKeyPrefix}rl:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) for (const v of await redis.mget(...keys)) hits += Number(v ?? 0);
  } while (cursor !== '0');
  return hits;
}

/** The built API in production mode beside the in-process `app`, on its database, with `shared` settings. */
function productionApiEnv(app: TestApp, dbUrl: URL, port: number, shared: Record<string, string>): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...RUN_ENV,
    ...shared,
    ...productionEnv(),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: app.config.dataDir,
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: app.config.redisKeyPrefix,
  };
}

/** Production settings for the built API in the read scenario: real secrets' lengths, no background workers. */
function productionEnv(): Record<string, string> {
  return {
    APP_ENV: 'production',
    WEBHOOK_SECRET_KEY: 'w'.repeat(40),
    PAYMENT_VENDOR_URL: 'http://127.0.0.1:9',
    PAYMENT_VENDOR_API_KEY: 'k'.repeat(24),
    PAYMENT_VENDOR_WEBHOOK_SECRET: 's'.repeat(40),
    WEBHOOK_WORKER: 'false',
    PAYMENT_RECONCILE_MS: '0',
    REFUND_POLL_MS: '0',
    POLICY_DOCUMENTS_POLL_MS: '0',
  };
}

/**
 * GET /api/v1/car-comp/policies/{id}: the API (bearer token, product check, rate limit counted in Redis as for
 * partners, with a limit high enough that no request is refused) against a bare Fastify handler doing the
 * fastest correct read of the same data (pg pool, named prepared statement, the response's columns), and a
 * raw HTTP server answering the API's own response body as a constant: the load generator's ceiling here,
 * which must be at least 10x the API's rate for the comparison to measure the API and not the generator.
 *
 * The API measured is the built one in production mode, in its own process, as partners' live traffic meets it
 * (the policy is issued through an in-process sandbox API on the same database first). The sandbox API is measured
 * too: sandbox mode runs each request in a test clock frame and the partner's insurer scope (AsyncLocalStorage,
 * whose hooks on Node 20 cost every promise of the process something), so it serves fewer reads.
 */
async function policyReadScenario() {
  const sandbox = await startSandbox();
  const rateLimitPerMinute = 10_000_000;
  const jwtSecret = `bench-${randomBytes(16).toString('hex')}`.padEnd(48, 'x');
  const shared = { LOG_LEVEL: 'warn', RATE_LIMIT_DEFAULT_PER_MINUTE: String(rateLimitPerMinute), JWT_SECRET: jwtSecret };
  const app = await startTestApp({ env: { ...shared, SANDBOX_URL: sandbox.baseUrl } });
  const bare = Fastify({ logger: false });
  let barePool: Pool | undefined;
  let closeConstant = async () => undefined as void;
  try {
    if (!app.api.redis) throw new Error('the policy read must run with REDIS_URL: partners are rate limited on Redis');
    const p = await app.partner(['motor-comprehensive-comparison']);
    const id = await issuePolicy(app, p.token);
    const dbName = (await app.db.sql.query<{ db: string }>('SELECT current_database() AS db'))[0].db;
    const dbUrl = new URL(process.env.DATABASE_URL!);
    dbUrl.pathname = `/${dbName}`;
    barePool = new Pool({ connectionString: dbUrl.toString(), max: 10 });
    // an idle connection the server ends is dropped by pg and made again on demand; unheard, its error would end the bench
    barePool.on('error', (e) => process.stderr.write(`policy read: the bare handler's idle connection ended: ${e.message}\n`));
    const pool = barePool;
    bare.get('/policies/:id', async (req) => {
      const { rows } = await pool.query({
        // the API's own statement (only the columns the answer needs, and the open payment's link token), prepared per connection
        name: 'bare_show_policy',
        text: SHOW_POLICY_SQL,
        values: showPolicyParams(p.id, Number((req.params as { id: string }).id), new Date()),
      });
      return rows[0];
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;
    // the API's own answer (read below) as a constant: same bytes on the wire, no work behind them, from a server that
    // does less per request than any HTTP framework, so its rate shows what the load generator can drive
    let constant = Buffer.alloc(0);
    const constantServer = await startConstantServer(() => constant);
    closeConstant = constantServer.close;
    const constantUrl = constantServer.url;

    const port = await freePort();
    const env = productionApiEnv(app, dbUrl, port, shared);
    return await withBuiltApi(env, port, async (pid) => {
      // its own token: the in-process API's runs on the tests' manual clock, the built API on real time
      const token = await http(`http://127.0.0.1:${port}/oauth/token`, {
        json: { grant_type: 'client_credentials', client_id: p.id, client_secret: p.secret },
      });
      if (token.status !== 200) throw new Error(`token ${token.status}: ${token.text}`);
      const auth = { Authorization: `Bearer ${token.body.access_token as string}` };
      const production = `http://127.0.0.1:${port}/api/v1/car-comp/policies/${id}`;
      const shown = await http(production, { headers: auth });
      if (shown.status !== 200) throw new Error(`show ${shown.status}: ${shown.text}`);
      if (shown.headers.get('ratelimit-limit') !== String(rateLimitPerMinute))
        throw new Error(`no rate limit on the read: ${JSON.stringify([...shown.headers])}`);
      constant = Buffer.from(shown.text);

      const plan = (url: string, headers: Record<string, string>): LoadPlan => ({
        url,
        method: 'GET',
        headers,
        expectStatus: 200,
        mode: 'throughput',
        concurrency: 20,
        durationMs: 3000,
        maxRequests: 300_000,
      });
      const targets = {
        api: plan(production, auth),
        sandbox_api: plan(`${app.url}/api/v1/car-comp/policies/${id}`, { Authorization: `Bearer ${p.token}` }),
        bare: plan(`${bareBase}/policies/${id}`, {}),
        constant: plan(constantUrl, {}),
      };
      const names = Object.keys(targets) as (keyof typeof targets)[];
      let apiRequests = 0;
      const apiCpuUs: number[] = [];
      const rps = async (name: keyof typeof targets) => {
        const cpuBefore = cpuMicros(pid);
        const r = await runLoadSplit(targets[name]);
        if (r.errors) throw new Error(`${name} reads failed (${r.errors}): ${r.firstError}`);
        if (name === 'api' || name === 'sandbox_api') apiRequests += r.requests!;
        if (name === 'api') apiCpuUs.push(Math.round((cpuMicros(pid) - cpuBefore) / r.requests!));
        return r.rps!;
      };
      const hitsBefore = await redisRateLimitHits(app);
      // warm-up: the handlers compiled and their pools full before anything is counted
      for (const name of names) await rps(name);
      apiCpuUs.length = 0;
      const results = { api: [] as number[], sandbox_api: [] as number[], bare: [] as number[], constant: [] as number[] };
      for (let round = 0; round < 3; round++) for (const name of names) results[name].push(await rps(name));
      const hitsCounted = (await redisRateLimitHits(app)) - hitsBefore;
      const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
      const ratio = median(results.api) / median(results.bare);
      const constantMultiple = median(results.constant) / median(results.api);
      return {
        concurrency: 20,
        load_processes: LOAD_PROCESSES,
        rounds: 3,
        api_rps: results.api,
        api_cpu_us_per_request: apiCpuUs,
        bare_rps: results.bare,
        constant_rps: results.constant,
        ratio: Math.round(ratio * 100) / 100,
        target: 'api >= 50% of bare',
        met: ratio >= 0.5,
        sandbox_api_rps: results.sandbox_api,
        sandbox_ratio: Math.round((median(results.sandbox_api) / median(results.bare)) * 100) / 100,
        constant_over_api: Math.round(constantMultiple * 10) / 10,
        load_generator_ok: constantMultiple >= 10,
        rate_limit: { store: 'redis', limit_per_minute: rateLimitPerMinute, api_requests_sent: apiRequests, hits_counted_in_redis: hitsCounted },
        database: app.db.kind,
      };
    });
  } finally {
    await closeConstant();
    await bare.close();
    await barePool?.end();
    await app.close();
    await sandbox.close();
  }
}

/**
 * The partner request log's cost on the partner API (issue 52): two built production APIs on the same database, one
 * writing the request log and one not (REQUEST_LOG=false), read `GET /api/v1/car-comp/policies/{id}` in turns: bursts
 * of 20 concurrent reads timed request by request (the log's API and the other burst for burst, which goes first
 * alternating), then throughput rounds in turns. Afterwards the log's rows are counted and its dropped counter read,
 * so a log that silently dropped would show. BENCH_REQUEST_LOG_ROUNDS bursts (default 150).
 */
async function requestLogScenario() {
  const sandbox = await startSandbox();
  const rateLimitPerMinute = 10_000_000;
  const jwtSecret = `bench-${randomBytes(16).toString('hex')}`.padEnd(48, 'x');
  const metricsToken = 'm'.repeat(40);
  const shared = { LOG_LEVEL: 'warn', RATE_LIMIT_DEFAULT_PER_MINUTE: String(rateLimitPerMinute), JWT_SECRET: jwtSecret, METRICS_TOKEN: metricsToken };
  const app = await startTestApp({ env: { ...shared, SANDBOX_URL: sandbox.baseUrl } });
  try {
    const p = await app.partner(['motor-comprehensive-comparison']);
    const id = await issuePolicy(app, p.token);
    const dbName = (await app.db.sql.query<{ db: string }>('SELECT current_database() AS db'))[0].db;
    const dbUrl = new URL(process.env.DATABASE_URL!);
    dbUrl.pathname = `/${dbName}`;
    const onPort = await freePort();
    const offPort = await freePort();
    const on = productionApiEnv(app, dbUrl, onPort, { ...shared, REQUEST_LOG: 'true' });
    const off = productionApiEnv(app, dbUrl, offPort, { ...shared, REQUEST_LOG: 'false' });
    return await withBuiltApi(on, onPort, () =>
      withBuiltApi(off, offPort, async () => {
        const read = async (port: number) => {
          const token = await http(`http://127.0.0.1:${port}/oauth/token`, {
            json: { grant_type: 'client_credentials', client_id: p.id, client_secret: p.secret },
          });
          if (token.status !== 200) throw new Error(`token ${token.status}: ${token.text}`);
          const headers = { Authorization: `Bearer ${token.body.access_token as string}` };
          const url = `http://127.0.0.1:${port}/api/v1/car-comp/policies/${id}`;
          const shown = await http(url, { headers });
          if (shown.status !== 200) throw new Error(`show ${shown.status}: ${shown.text}`);
          return { url, method: 'GET' as const, headers, expectStatus: 200 };
        };
        const logOn = await read(onPort);
        const logOff = await read(offPort);
        const rounds = Number(process.env.BENCH_REQUEST_LOG_ROUNDS ?? 150);
        const checked = (r: LoadResult) => {
          if (r.errors) throw new Error(`reads failed (${r.errors}): ${r.firstError}`);
          return r;
        };
        // warm-up of both, then the measured bursts
        checked(await runLoad({ ...logOn, mode: 'bursts', concurrency: 20, rounds: 50, alternateWith: logOff }));
        const bursts = checked(await runLoad({ ...logOn, mode: 'bursts', concurrency: 20, rounds, alternateWith: logOff }));
        const rps = { on: [] as number[], off: [] as number[] };
        for (let round = 0; round < 3; round++)
          for (const [name, target] of round % 2
            ? ([
                ['off', logOff],
                ['on', logOn],
              ] as const)
            : ([
                ['on', logOn],
                ['off', logOff],
              ] as const))
            rps[name].push(checked(await runLoadSplit({ ...target, mode: 'throughput', concurrency: 20, durationMs: 2000, maxRequests: 200_000 })).rps!);
        // the log's writer flushes every second: wait for its rows before counting them
        await new Promise((r) => setTimeout(r, 1500));
        const metrics = await http(`http://127.0.0.1:${onPort}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } });
        const counter = (name: string) => [...metrics.text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
        const [{ n: rows }] = await app.db.sql.query<{ n: string }>('SELECT count(*) AS n FROM partner_request_log WHERE client_id = $1::uuid', [p.id]);
        const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
        const latencyOn = summary(bursts.latenciesMs!);
        const latencyOff = summary(bursts.alternateLatenciesMs!);
        return {
          concurrency: 20,
          bursts_measured: rounds,
          read_latency_ms_log_on: latencyOn,
          read_latency_ms_log_off: latencyOff,
          p50_on_over_off: Math.round((latencyOn.p50 / latencyOff.p50) * 100) / 100,
          p99_on_over_off: Math.round((latencyOn.p99 / latencyOff.p99) * 100) / 100,
          rps_log_on: rps.on,
          rps_log_off: rps.off,
          rps_on_over_off: Math.round((median(rps.on) / median(rps.off)) * 100) / 100,
          target: 'log on within 5% of off',
          log_rows_written: Number(rows),
          log_rows_written_metric: counter('request_log_written_total'),
          log_rows_dropped_metric: counter('request_log_dropped_total'),
          database: app.db.kind,
        };
      }),
    );
  } finally {
    await app.close();
    await sandbox.close();
  }
}

/** Rows per client the list scenario grows to (BENCH_LIST_ROWS, default 1,000,000), within BENCH_LIST_BUDGET_S seconds of generation (default 300). */
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const LIST_BUDGET_MS = Number(process.env.BENCH_LIST_BUDGET_S ?? 300) * 1000;
const LIST_SMALL = 1_000;
const LIST_CHUNK = 100_000;
const LIST_SAMPLES = 25;

/**
 * Copies `table`'s row `templateId` (n from `from` to `to`, inclusive) with INSERT ... SELECT ... generate_series:
 * every column as the template has it, but for `overrides` (SQL expressions of n and of the template t).
 */
async function copyRows(app: TestApp, table: string, templateId: string | number, from: number, to: number, overrides: Record<string, string>) {
  if (to < from) return;
  const columns = (
    await app.db.sql.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
      [table],
    )
  )
    .map((c) => c.name)
    .filter((c) => c !== 'id' || 'id' in overrides);
  const select = columns.map((c) => overrides[c] ?? `t."${c}"`).join(', ');
  await app.db.sql.exec(
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')})
     SELECT ${select} FROM "${table}" t, generate_series(${from}, ${to}) n WHERE t.id = '${templateId}'`,
  );
}

/**
 * Goal 4: the first page of each list within 2x p50 latency between 1 thousand and 1 million rows of one client.
 * The rows are copies of one issued policy, its quote request and its payment, generated in SQL; each copy is
 * created one second after the one before, so the newest are the last generated. After each generation the
 * three tables are vacuumed and analysed (as autovacuum would have done on a live table).
 * Each list's first page is read LIST_SAMPLES times one after another (after warm-up), from the load-worker process.
 */
async function listsScenario() {
  const sandbox = await startSandbox();
  const app = await startTestApp({ env: { SANDBOX_URL: sandbox.baseUrl, LOG_LEVEL: 'warn', RATE_LIMIT_DEFAULT_PER_MINUTE: '10000000' } });
  try {
    const p = await app.partner(['motor-comprehensive-comparison']);
    const policyId = await issuePolicy(app, p.token);
    const staff = await signIn(app, 'admin');
    const [policy] = await app.db.sql.query<{ quote_request_id: number; created_at: Date }>(
      'SELECT quote_request_id, created_at FROM motor_policies WHERE id = $1',
      [policyId],
    );
    const [payment] = await app.db.sql.query<{ id: string }>(`SELECT id FROM payments WHERE policy_type = 'motor' AND policy_id = $1`, [policyId]);
    // one second apart, all before the template's own creation
    const at = (n: string) => `(t.created_at - interval '2000000 seconds' + ${n} * interval '1 second')`;
    const count = async (table: string) =>
      Number((await app.db.sql.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}" WHERE client_id = $1::uuid`, [p.id]))[0].n);
    const tables = {
      motor_quote_requests: { template: policy.quote_request_id, overrides: { created_at: at('n'), updated_at: at('n') } },
      motor_policies: {
        template: policyId,
        overrides: { offer_id: 'gen_random_uuid()', price_id: 'gen_random_uuid()', created_at: at('n'), updated_at: at('n') },
      },
      payments: {
        template: payment.id,
        overrides: {
          id: 'gen_random_uuid()',
          link_token: 'md5(random()::text || n::text)',
          status: "'paid'",
          paid_at: at('n'),
          expires_at: `${at('n')} + interval '1 day'`,
          created_at: at('n'),
          updated_at: at('n'),
        },
      },
    };
    let generationMs = 0;
    /** Grows every table to `rows` of the client (chunk by chunk, stopping when the time budget is spent); returns the size reached. */
    const growTo = async (rows: number) => {
      const have: Record<string, number> = {};
      for (const table of Object.keys(tables)) have[table] = await count(table);
      // a chunk of every table in turn, so that a spent budget leaves the three tables the same size
      while (Math.min(...Object.values(have)) < rows && generationMs < LIST_BUDGET_MS) {
        const size = Math.min(...Object.values(have)) + Math.min(LIST_CHUNK, rows - Math.min(...Object.values(have)));
        for (const [table, t] of Object.entries(tables)) {
          const started = performance.now();
          await copyRows(app, table, t.template, have[table] + 1, size, t.overrides);
          generationMs += performance.now() - started;
          have[table] = Math.max(have[table], size);
        }
      }
      const started = performance.now();
      await app.db.sql.exec('VACUUM ANALYZE motor_quote_requests, motor_policies, payments');
      generationMs += performance.now() - started;
      return Math.min(...Object.values(have));
    };
    const admin = { Cookie: staff.cookie };
    const partner = { Authorization: `Bearer ${p.token}` };
    const enc = encodeURIComponent;
    const lists: Record<string, { path: string; headers: Record<string, string> }> = {
      'GET /api/v1/car-comp/policies': { path: '/api/v1/car-comp/policies', headers: partner },
      'GET /api/v1/car-comp/quote-requests': { path: '/api/v1/car-comp/quote-requests', headers: partner },
      'GET /api/v1/payments': { path: '/api/v1/payments', headers: partner },
      'GET /admin/api/motor-policies (client filter)': { path: `/admin/api/motor-policies?filter=${enc(JSON.stringify({ client_id: p.id }))}`, headers: admin },
      'GET /admin/api/payments (client filter)': { path: `/admin/api/payments?filter=${enc(JSON.stringify({ client_id: p.id }))}`, headers: admin },
    };
    const measure = async () => {
      const out: Record<string, { first_ms: number; p50_ms: number; p95_ms: number; max_ms: number; total: string | number; bytes: number }> = {};
      for (const [name, l] of Object.entries(lists)) {
        const load = (rounds: number): LoadPlan => ({
          url: `${app.url}${l.path}`,
          method: 'GET',
          headers: l.headers,
          expectStatus: 200,
          mode: 'bursts',
          concurrency: 1,
          rounds,
        });
        const checked = (r: LoadResult) => {
          if (r.errors) throw new Error(`${name} failed (${r.errors}): ${r.firstError}`);
          return r.latenciesMs!;
        };
        const [first] = checked(await runLoad(load(1))); // the first read after the rows changed (nothing reused yet)
        checked(await runLoad(load(5)));
        const times = summary(checked(await runLoad(load(LIST_SAMPLES))));
        const res = await http(`${app.url}${l.path}`, { headers: l.headers });
        const total = res.body?.total ?? res.headers.get('content-range')?.split('/')[1] ?? '?';
        out[name] = { first_ms: Math.round(first * 100) / 100, p50_ms: times.p50, p95_ms: times.p95, max_ms: times.max, total, bytes: res.text.length };
      }
      return out;
    };
    const small = await growTo(LIST_SMALL);
    const atSmall = await measure();
    const large = await growTo(LIST_ROWS);
    const atLarge = await measure();
    const ratios = Object.fromEntries(Object.keys(lists).map((k) => [k, Math.round((atLarge[k].p50_ms / atSmall[k].p50_ms) * 100) / 100]));
    return {
      rows_small: small,
      rows_large: large,
      rows_large_target: LIST_ROWS,
      generation_seconds: Math.round(generationMs / 100) / 10,
      samples: LIST_SAMPLES,
      at_small: atSmall,
      at_large: atLarge,
      p50_ratio_large_over_small: ratios,
      target: 'p50 at the large size <= 2x p50 at 1 thousand rows, for every list',
      met: Object.values(ratios).every((r) => r <= 2),
      database: app.db.kind,
    };
  } finally {
    await app.close();
    await sandbox.close();
  }
}

/** Issue 19 goal 5, both halves: the built API on PostgreSQL under the partners' load, and the embedded default idle. */
async function memoryScenario() {
  return { postgres_under_load: await postgresLoadedMemoryScenario(), embedded_idle: await embeddedIdleMemoryScenario() };
}

async function main() {
  const started = new Date().toISOString();
  // PostgreSQL for both: the embedded PGlite runs its WASM on the event loop, which is right for a
  // single developer but not what these targets measure.
  process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
  process.env.REDIS_URL ??= 'redis://127.0.0.1:6379/0';
  await globalSetup();
  // `npm run bench -- fan-out` (or `policy-read`, `request-log`, `progressive`, `lists`, `memory`, `memory-postgres`) runs one scenario and only prints it.
  const only = process.argv[2];
  if (only) {
    const run = {
      'fan-out': fanOutScenario,
      'fan-out-ab': fanOutComparison,
      progressive: progressiveScenario,
      lists: listsScenario,
      'policy-read': policyReadScenario,
      'request-log': requestLogScenario,
      memory: memoryScenario,
      'memory-postgres': postgresLoadedMemoryScenario,
    }[only];
    if (!run) throw new Error(`unknown scenario ${only}`);
    const one = await run().finally(() => globalTeardown());
    process.stdout.write(`${JSON.stringify(one, null, 2)}\n`);
    return;
  }
  // BENCH_ONLY=policy-read,lists runs those scenarios and writes the results files with them only.
  const selected = new Set((process.env.BENCH_ONLY ?? 'policy-read,fan-out,progressive,lists,memory').split(',').map((s) => s.trim()));
  const result: Record<string, unknown> = { started, node: process.version, only: process.env.BENCH_ONLY ?? null };
  try {
    // The read first: the fan-out leaves thousands of rows and a large heap behind it in this process.
    if (selected.has('policy-read')) result.policy_read = await policyReadScenario();
    if (selected.has('fan-out')) result.fan_out = await fanOutScenario();
    if (selected.has('progressive')) result.progressive_quotes = await progressiveScenario();
    if (selected.has('lists')) result.lists = await listsScenario();
    if (selected.has('memory')) result.memory = await memoryScenario();
  } finally {
    await globalTeardown();
  }
  const dir = join(projectRoot(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
  const md = [`# Benchmarks (${started}, Node ${process.version}${process.env.BENCH_ONLY ? `, BENCH_ONLY=${process.env.BENCH_ONLY}` : ''})`, ''];
  const fanOut = result.fan_out as Awaited<ReturnType<typeof fanOutScenario>> | undefined;
  if (fanOut)
    md.push(
      `## Quote fan-out overhead (${fanOut.insurers} insurers, slowest ${fanOut.slowest_insurer_ms} ms, ${fanOut.concurrency} concurrent, ${fanOut.database})`,
      `overhead ms: p50 ${fanOut.overhead_ms.p50}, p95 ${fanOut.overhead_ms.p95}, p99 ${fanOut.overhead_ms.p99}, max ${fanOut.overhead_ms.max}; ` +
        `p99 ${fanOut.p99_over_floor}x the floor; API CPU ${fanOut.api_cpu_ms_per_quote} ms per quote request (target <= 1.5x and < 5 ms: ${fanOut.met ? 'met' : 'NOT met'})`,
      `the built API in production mode, its own process: npm start's settings, CPU read from /proc; of the API's CPU, ${fanOut.api_other_threads_cpu_ms_per_quote} ms per quote request on its other threads (V8 still optimizing the hot functions); idle, it used ${fanOut.api_idle_cpu_ms_per_second} ms of CPU a second`,
      `bare fan-out handler, the same bursts in turns with the API's (the machine's floor): p50 ${fanOut.bare_fan_out_overhead_ms.p50}, p95 ${fanOut.bare_fan_out_overhead_ms.p95}, p99 ${fanOut.bare_fan_out_overhead_ms.p99}, max ${fanOut.bare_fan_out_overhead_ms.max}; ` +
        `its CPU ${fanOut.bare_cpu_ms_per_request} ms per request (the nine calls, their JSON and the answer, nothing stored)`,
      `the same API in sandbox mode (in the bench's process, test clock frames and insurer scopes): overhead p99 ${fanOut.sandbox_mode.overhead_ms.p99} ms ` +
        `(${fanOut.sandbox_mode.p99_over_floor}x the floor), CPU ${fanOut.sandbox_mode.cpu_ms_per_quote} ms per quote request`,
      `${fanOut.rounds.measured} bursts of ${fanOut.concurrency} measured on each side, after ${fanOut.rounds.warm_up} bursts of warm-up`,
      `one insurer hung, deadline 2500 ms: response ms p50 ${fanOut.with_hung_insurer.response_ms.p50}, max ${fanOut.with_hung_insurer.response_ms.max} (${fanOut.with_hung_insurer.met ? 'within' : 'NOT within'} the deadline)`,
      '',
    );
  const progressive = result.progressive_quotes as Awaited<ReturnType<typeof progressiveScenario>> | undefined;
  if (progressive)
    md.push(
      `## Progressive quotes: first offer on the event stream after the fastest insurer's answer (${progressive.insurers} insurers, fastest ${progressive.fastest_insurer_ms} ms, ${progressive.concurrency} concurrent, ${progressive.database})`,
      `delay ms: p50 ${progressive.first_offer_delay_ms.p50}, p95 ${progressive.first_offer_delay_ms.p95}, p99 ${progressive.first_offer_delay_ms.p99}, max ${progressive.first_offer_delay_ms.max} over ${progressive.first_offer_delay_ms.n} requests (target p99 <= 10: ${progressive.met ? 'met' : 'NOT met'})`,
      `streams opened after the fastest answer (measured from their opening): ${progressive.streams_opened_after_the_answer}; ` +
        `apart: following before the answer ${p50p99(progressive.delay_ms_stream_open_before_answer)}; ` +
        `opened later ${p50p99(progressive.delay_ms_stream_opened_later)}`,
      '',
    );
  const read = result.policy_read as Awaited<ReturnType<typeof policyReadScenario>> | undefined;
  if (read)
    md.push(
      `## GET /policies/{id}, ${read.concurrency} concurrent from ${read.load_processes} load-generator process${read.load_processes === 1 ? '' : 'es'}, ${read.database}`,
      `API (the built API in production mode, its own process; bearer token, rate limited on Redis) rps ${read.api_rps.join(' / ')}, ` +
        `CPU ${read.api_cpu_us_per_request.join(' / ')} µs per request; bare Fastify + pg named prepared statement rps ${read.bare_rps.join(' / ')}; ` +
        `ratio of medians ${read.ratio} (target >= 0.5: ${read.met ? 'met' : 'NOT met'})`,
      `the same API in sandbox mode (test clock frames, insurer scopes), in the bench's process: rps ${read.sandbox_api_rps.join(' / ')}, ratio ${read.sandbox_ratio}`,
      `raw HTTP server with a constant JSON body (the API's own answer), same load generator: rps ${read.constant_rps.join(' / ')}, ` +
        `${read.constant_over_api}x the API's rps (needs >= 10x for the generator not to be the bottleneck: ${read.load_generator_ok ? 'yes' : 'NO'})`,
      `rate limit: ${read.rate_limit.limit_per_minute} per minute on ${read.rate_limit.store}; ${read.rate_limit.api_requests_sent} API requests sent, ${read.rate_limit.hits_counted_in_redis} hits counted in Redis`,
      '',
    );
  const lists = result.lists as Awaited<ReturnType<typeof listsScenario>> | undefined;
  if (lists) {
    md.push(
      `## Lists: first page p50 at ${lists.rows_small} and ${lists.rows_large} rows of one client (target ${lists.rows_large_target}; generated in ${lists.generation_seconds} s), ${lists.samples} sequential reads each, ${lists.database}`,
      '| list | p50 ms (small) | p50 ms (large) | ratio | first read ms (small / large) | p95 ms (large) | total (large) |',
      '| --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const [k, r] of Object.entries(lists.p50_ratio_large_over_small))
      md.push(
        `| ${k} | ${lists.at_small[k].p50_ms} | ${lists.at_large[k].p50_ms} | ${r} | ${lists.at_small[k].first_ms} / ${lists.at_large[k].first_ms} | ${lists.at_large[k].p95_ms} | ${lists.at_large[k].total} |`,
      );
    md.push('', `target (every ratio <= 2): ${lists.met ? 'met' : 'NOT met'}`, '');
  }
  const memory = result.memory as Awaited<ReturnType<typeof memoryScenario>> | undefined;
  if (memory) {
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
  }
  writeFileSync(join(dir, 'latest.md'), md.join('\n'));
  process.stdout.write(md.join('\n'));
}

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`${(e as Error).stack}\n`);
    process.exit(1);
  },
);
