import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Pool } from 'pg';
import { startSandbox } from '../../test/sandbox/sandbox-test-kit';
import { freePort, startTestApp, TestApp } from '../../test/support/test-app';
import { http } from '../../test/support/http';
import { SHOW_POLICY_SQL, showPolicyParams } from '../../apps/api/src/products/motor/issuance/motor-policy.repository';
import { startConstantServer } from '../support/constant-server';
import { LOAD_PROCESSES, runLoadSplit } from '../support/load';
import { cpuMicros, withBuiltApi } from '../support/built-api';
import { issuePolicy } from '../support/motor-policy';
import { databaseUrlOf, productionApiEnv } from '../support/production-api';
import type { LoadPlan } from '../support/load-worker';

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
export async function policyReadScenario() {
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
    const dbUrl = await databaseUrlOf(app);
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

/** The results page's section of policyReadScenario's result. */
export function policyReadScenarioMarkdown(read: Awaited<ReturnType<typeof policyReadScenario>>): string[] {
  const md: string[] = [];
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
  return md;
}
