import { randomBytes } from 'node:crypto';
import { freePort } from '../../test/support/test-app';
import { startMotorEnv, type MotorTestEnv } from '../../test/support/motor-kit';
import { http } from '../../test/support/http';
import { policyBody as propertyBody } from '../../test/support/property-kit';
import { issueForm, nextVehicle } from '../../test/tpl/tpl-kit';
import { travelPolicy } from '../../test/travel/travel-kit';
import { offerBody as lifeOfferBody, policyBody as lifePolicyBody } from '../../test/life/life-kit';
import { paidMedicalPolicy } from '../../test/medical/medical-kit';
import { RATE_LIMIT_WINDOW_MS } from '../../libs/http/src/rate-limit/rate-limits';
import { runLoadSplit } from '../support/load';
import { commandCpuMicros, cpuMicros, withBuiltApi } from '../support/built-api';
import { copyRows } from '../support/copy-rows';
import { issuePolicy } from '../support/motor-policy';
import { builtApiToken, databaseUrlOf, productionApiEnv } from '../support/production-api';
import type { LoadPlan } from '../support/load-worker';

/** Policies of each family (and their payments) the partner has, generated in SQL (BENCH_FAMILY_ROWS, default 1,000). */
const FAMILY_ROWS = Number(process.env.BENCH_FAMILY_ROWS ?? 1_000);
/**
 * Life's and medical's lists are plain arrays paged by `per_page` (default 500): they are asked for the other lists'
 * page (15), so that all lists answer the same rows.
 */
const PLAIN_LIST_PAGE = 15;
/** Measured rounds (every target once a round, in turns) and each target's seconds in a round. */
const ROUNDS = Number(process.env.BENCH_FAMILY_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_FAMILY_SECONDS ?? 2);
/**
 * BENCH_FAMILY_READS (comma-separated names of the table, as `motor list,property by id`) measures only those, to
 * look at one read; motor's read by id is always measured, every ratio's baseline.
 */
const ONLY = process.env.BENCH_FAMILY_READS?.split(',').map((s) => s.trim());

type Target = { path: string; kind: 'by-id' | 'list' };

/** One of each family's policies, issued through the in-process sandbox API as partners do; answers their ids. */
async function issueOneOfEach(env: MotorTestEnv, token: string) {
  const { app } = env;
  const created = async (res: { status: number; text: string; body: any }, what: string) => {
    if (res.status !== 200 && res.status !== 201) throw new Error(`${what} ${res.status}: ${res.text}`);
    return res.body;
  };
  const motor = await issuePolicy(app, token);
  const tpl = (await created(await app.request('/v2/car/policies', { method: 'POST', token, body: await issueForm(env, nextVehicle()) }), 'tpl')).id as number;
  const property = (await created(await app.request('/api/v1/property/policies', { token, json: propertyBody() }), 'property')).id as number;
  const travel = (await travelPolicy(env, token)).id as number;
  const offer = (await created(await app.request('/api/v1/life-snp/offers', { token, json: lifeOfferBody() }), 'life offer'))[0];
  const life = (await created(await app.request('/api/v1/life-snp/policies', { token, json: lifePolicyBody(offer.offer_id) }), 'life')).id as number;
  const horse = (
    await created(
      await app.request('/api/v1/horse/policies', {
        token,
        json: {
          horse: {
            name: 'Desert Wind',
            breed: 'Arabian',
            date_of_birth: '2019-03-01',
            sex: 'male',
            color: 'grey',
            use: 'racing',
            microchip_number: '682000000012345',
            value: 250000,
          },
          owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
          declaration: true,
        },
      }),
      'horse',
    )
  ).id as number;
  const medical = (await paidMedicalPolicy(app, token, '7001234567')).policy.id as number;
  return { motor, tpl, property, travel, life, horse, medical };
}

/**
 * Copies each family's policy (and the rows its reads join: travel's quote, life's offer, a payment per policy) until
 * the partner has `rows` of each, one second apart and older than the template, in SQL as the lists scenario does.
 */
async function generateRows(env: MotorTestEnv, clientId: string, ids: Awaited<ReturnType<typeof issueOneOfEach>>, rows: number) {
  const { app } = env;
  const at = `(t.created_at - interval '2000000 seconds' + n * interval '1 second')`;
  const dated = { created_at: at, updated_at: at };
  const n = rows - 1;
  const [travel] = await app.db.sql.query<{ quote_id: string }>('SELECT quote_id FROM travel_policies WHERE id = $1', [ids.travel]);
  const [quote] = await app.db.sql.query<{ id: number }>('SELECT id FROM travel_quotes WHERE quote_id = $1', [travel.quote_id]);
  const [life] = await app.db.sql.query<{ offer_id: string }>('SELECT offer_id FROM life_policies WHERE id = $1', [ids.life]);
  await copyRows(app, 'motor_policies', ids.motor, 1, n, { ...dated, offer_id: 'gen_random_uuid()', price_id: 'gen_random_uuid()' });
  await copyRows(app, 'tpl_policies', ids.tpl, 1, n, { ...dated, vin: `'BENCH' || lpad(n::text, 12, '0')`, car_sequence_number: `(700000000 + n)::text` });
  await copyRows(app, 'property_policies', ids.property, 1, n, dated);
  const travelQuoteId = `'Q-' || lpad(n::text, 8, '0')`;
  await copyRows(app, 'travel_quotes', quote.id, 1, n, { ...dated, quote_id: travelQuoteId });
  await copyRows(app, 'travel_policies', ids.travel, 1, n, { ...dated, quote_id: travelQuoteId });
  const lifeOfferId = `md5('bench-life-offer-' || n)::uuid`;
  await copyRows(app, 'life_offers', life.offer_id, 1, n, { ...dated, id: lifeOfferId });
  await copyRows(app, 'life_policies', ids.life, 1, n, { ...dated, offer_id: lifeOfferId });
  await copyRows(app, 'horse_policies', ids.horse, 1, n, dated);
  await copyRows(app, 'medical_policies', ids.medical, 1, n, dated);
  // a payment for every copied policy, a copy of its template's (medical's are the company's, not the policy's)
  const columns = (
    await app.db.sql.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'payments' ORDER BY ordinal_position`,
    )
  ).map((c) => c.name);
  const overrides: Record<string, string> = {
    id: 'gen_random_uuid()',
    link_token: `md5(random()::text || p.id::text || t.policy_type)`,
    policy_id: 'p.id',
    created_at: 'p.created_at',
    updated_at: 'p.created_at',
  };
  const select = columns.map((c) => overrides[c] ?? `t."${c}"`).join(', ');
  for (const [family, table] of [
    ['motor', 'motor_policies'],
    ['tpl', 'tpl_policies'],
    ['property', 'property_policies'],
    ['travel', 'travel_policies'],
    ['life', 'life_policies'],
    ['horse', 'horse_policies'],
  ] as const) {
    const id = ids[family];
    await app.db.sql.query(
      `INSERT INTO payments (${columns.map((c) => `"${c}"`).join(', ')})
       SELECT ${select} FROM (SELECT * FROM payments WHERE policy_type = $1 AND policy_id = $2 ORDER BY created_at DESC LIMIT 1) t
         JOIN "${table}" p ON p.client_id = $3::uuid AND p.id <> $2`,
      [family, id, clientId],
    );
  }
  await app.db.sql.exec(
    'VACUUM ANALYZE motor_policies, tpl_policies, property_policies, travel_quotes, travel_policies, life_offers, life_policies, horse_policies, medical_policies, payments',
  );
}

/**
 * The spec limits some reads to 120 a minute per client (GET /payments, the TPL and medical lists): a throughput
 * measurement would meet 429 after a fraction of a second. Every 50 ms this deletes the current minute's counters of
 * the routes read so far (`<prefix>rl:<route and client>:<window start>`, found once by a SCAN), so the API still
 * counts every request in Redis, as for partners, and refuses none.
 */
async function liftSpecRateLimits(app: MotorTestEnv['app']) {
  const redis = app.api.redis;
  if (!redis) throw new Error('the family read runs with REDIS_URL: partners are rate limited on Redis');
  const counters = new Set<string>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${app.config.redisKeyPrefix}rl:*`, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) counters.add(key.slice(0, key.lastIndexOf(':')));
  } while (cursor !== '0');
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const start = Math.floor(Date.now() / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS;
      if (counters.size) await redis.del(...[...counters].map((c) => `${c}:${start}`));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

/**
 * Issue 56: every family's partner read by id and the first page of its policy list (and of GET /api/v1/payments),
 * all against one built API in production mode (its own process, npm start's settings, rate limited on Redis), with
 * FAMILY_ROWS policies of each family for the partner. Each target's rate is a ratio to motor's read by id measured in
 * the same round (the targets take turns, so each ratio compares the same moments of a shared machine); the median of
 * the rounds' ratios is reported. Targets: reads by id >= 0.8, first list pages >= 0.5.
 */
export async function familyReadScenario() {
  const rateLimitPerMinute = 10_000_000;
  const shared = {
    LOG_LEVEL: 'warn',
    RATE_LIMIT_DEFAULT_PER_MINUTE: String(rateLimitPerMinute),
    JWT_SECRET: `bench-${randomBytes(16).toString('hex')}`.padEnd(48, 'x'),
  };
  const env = await startMotorEnv({ env: { ...shared, TOKEN_TTL_SECONDS: '31536000' } });
  try {
    const { app } = env;
    const p = await app.partner(['motor-comprehensive-comparison', 'motor-tpl', 'property-multi', 'travel', 'sme-medical', 'life-snp', 'horse']);
    const ids = await issueOneOfEach(env, p.token);
    await generateRows(env, p.id, ids, FAMILY_ROWS);
    const allTargets: Record<string, Target> = {
      'motor by id': { path: `/api/v1/car-comp/policies/${ids.motor}`, kind: 'by-id' },
      'tpl by id': { path: `/v2/car/policies/${ids.tpl}`, kind: 'by-id' },
      'property by id': { path: `/api/v1/property/policies/${ids.property}`, kind: 'by-id' },
      'travel by id': { path: `/api/v1/yasmina-schengen-travel/policies/${ids.travel}`, kind: 'by-id' },
      'medical by id': { path: `/api/v1/medical/policies/${ids.medical}`, kind: 'by-id' },
      'horse by id': { path: `/api/v1/horse/policies/${ids.horse}`, kind: 'by-id' },
      'motor list': { path: '/api/v1/car-comp/policies', kind: 'list' },
      'tpl list': { path: '/v2/car/policies', kind: 'list' },
      'property list': { path: '/api/v1/property/policies', kind: 'list' },
      'travel list': { path: '/api/v1/yasmina-schengen-travel/policies', kind: 'list' },
      'medical list': { path: `/api/v1/medical/policies?per_page=${PLAIN_LIST_PAGE}`, kind: 'list' },
      'life list': { path: `/api/v1/life-snp/policies?per_page=${PLAIN_LIST_PAGE}`, kind: 'list' },
      'payments list': { path: '/api/v1/payments', kind: 'list' },
    };
    const unknown = ONLY?.filter((name) => !allTargets[name]) ?? [];
    if (unknown.length) throw new Error(`BENCH_FAMILY_READS names ${unknown.join(', ')}: not among ${Object.keys(allTargets).join(', ')}`);
    const targets = Object.fromEntries(Object.entries(allTargets).filter(([name]) => !ONLY || name === 'motor by id' || ONLY.includes(name)));
    const port = await freePort();
    const productionEnv = productionApiEnv(app, await databaseUrlOf(app), port, shared);
    return await withBuiltApi(productionEnv, port, async (pid) => {
      const headers = { Authorization: `Bearer ${await builtApiToken(port, p)}` };
      const answers: Record<string, { items: number | null; bytes: number }> = {};
      for (const [name, t] of Object.entries(targets)) {
        const res = await http(`http://127.0.0.1:${port}${t.path}`, { headers });
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.text.slice(0, 500)}`);
        const items = Array.isArray(res.body) ? res.body.length : Array.isArray(res.body?.data) ? res.body.data.length : null;
        answers[name] = { items, bytes: res.text.length };
      }
      const plan = (t: Target): LoadPlan => ({
        url: `http://127.0.0.1:${port}${t.path}`,
        method: 'GET',
        headers,
        expectStatus: 200,
        mode: 'throughput',
        concurrency: 20,
        durationMs: SECONDS * 1000,
        maxRequests: 300_000,
      });
      const names = Object.keys(targets);
      const measured: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
      const ratios: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
      const cpu: Record<string, { api: number[]; database: number[] }> = Object.fromEntries(names.map((n) => [n, { api: [], database: [] }]));
      const rps = async (name: string) => {
        const before = { api: cpuMicros(pid), database: commandCpuMicros('postgres') };
        const r = await runLoadSplit(plan(targets[name]));
        if (r.errors) throw new Error(`${name} failed (${r.errors}): ${r.firstError}`);
        const perRequest = (micros: number) => Math.round(micros / r.requests! / 10) / 100;
        cpu[name].api.push(perRequest(cpuMicros(pid) - before.api));
        cpu[name].database.push(perRequest(commandCpuMicros('postgres') - before.database));
        return r.rps!;
      };
      const lifter = await liftSpecRateLimits(app);
      try {
        for (const name of names) await rps(name); // warm-up: code compiled, pools full
        for (const name of names) cpu[name] = { api: [], database: [] };
        for (let round = 0; round < ROUNDS; round++) {
          for (const name of names) measured[name].push(await rps(name));
          const motor = measured['motor by id'][round];
          for (const name of names) ratios[name].push(measured[name][round] / motor);
        }
      } finally {
        await lifter.stop();
      }
      const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
      const rows = Object.fromEntries(
        names.map((name) => {
          const target = targets[name].kind === 'by-id' ? 0.8 : 0.5;
          const ratio = Math.round(median(ratios[name]) * 100) / 100;
          const cpuMs = { api: median(cpu[name].api), database: median(cpu[name].database) };
          return [
            name,
            {
              path: targets[name].path,
              rps: measured[name],
              ratio_to_motor_by_id: ratio,
              target,
              met: ratio >= target,
              cpu_ms_per_request: cpuMs,
              ...answers[name],
            },
          ];
        }),
      );
      return {
        concurrency: 20,
        seconds_per_round: SECONDS,
        rounds: ROUNDS,
        policies_per_family: FAMILY_ROWS,
        targets: 'rps of each read >= 0.8x motor by id (reads by id), >= 0.5x (first list pages), the median of the rounds',
        met: Object.values(rows).every((r) => r.met),
        reads: rows,
        database: app.db.kind,
      };
    });
  } finally {
    await env.close();
  }
}

/** The results page's section of familyReadScenario's result. */
export function familyReadScenarioMarkdown(r: Awaited<ReturnType<typeof familyReadScenario>>): string[] {
  const md = [
    `## Partner reads by family, ${r.concurrency} concurrent, ${r.policies_per_family} policies per family, ${r.database} (the built API in production mode)`,
    '| read | path | rps per round | ratio to motor by id | target | met | CPU ms a request: API / PostgreSQL | items | bytes |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const [name, x] of Object.entries(r.reads))
    md.push(
      `| ${name} | \`${x.path}\` | ${x.rps.join(' / ')} | ${x.ratio_to_motor_by_id} | ${x.target} | ${x.met ? 'yes' : 'NO'} | ${x.cpu_ms_per_request.api} / ${x.cpu_ms_per_request.database} | ${x.items ?? ''} | ${x.bytes} |`,
    );
  md.push('', `targets (${r.targets}): ${r.met ? 'met' : 'NOT met'}`, '');
  return md;
}
