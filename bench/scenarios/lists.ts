import { startSandbox } from '../../test/sandbox/sandbox-test-kit';
import { startTestApp } from '../../test/support/test-app';
import { http } from '../../test/support/http';
import { signIn } from '../../test/admin/admin-kit';
import { runLoad, summary } from '../support/load';
import { copyRows } from '../support/copy-rows';
import { issuePolicy } from '../support/motor-policy';
import type { LoadPlan, LoadResult } from '../support/load-worker';

/** Rows per client the list scenario grows to (BENCH_LIST_ROWS, default 1,000,000), within BENCH_LIST_BUDGET_S seconds of generation (default 300). */
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const LIST_BUDGET_MS = Number(process.env.BENCH_LIST_BUDGET_S ?? 300) * 1000;
const LIST_SMALL = 1_000;
const LIST_CHUNK = 100_000;
const LIST_SAMPLES = 25;

/**
 * Goal 4: the first page of each list within 2x p50 latency between 1 thousand and 1 million rows of one client.
 * The rows are copies of one issued policy, its quote request and its payment, generated in SQL; each copy is
 * created one second after the one before, so the newest are the last generated. After each generation the
 * three tables are vacuumed and analysed (as autovacuum would have done on a live table).
 * Each list's first page is read LIST_SAMPLES times one after another (after warm-up), from the load-worker process.
 */
export async function listsScenario() {
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

/** The results page's section of listsScenario's result. */
export function listsScenarioMarkdown(lists: Awaited<ReturnType<typeof listsScenario>>): string[] {
  const md: string[] = [];
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
  return md;
}
