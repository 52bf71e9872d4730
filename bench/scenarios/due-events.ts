import { randomBytes } from 'node:crypto';
import { freePort } from '../../test/support/test-app';
import { startMotorEnv } from '../../test/support/motor-kit';
import { http } from '../../test/support/http';
import { runLoadSplit } from '../support/load';
import { withBuiltApi } from '../support/built-api';
import { copyRows } from '../support/copy-rows';
import { issuePolicy } from '../support/motor-policy';
import { builtApiToken, databaseUrlOf, productionApiEnv } from '../support/production-api';
import type { LoadPlan } from '../support/load-worker';

/** Policies expiring on the measured day (BENCH_DUE_ROWS, default 50,000; issue 53's figure is 1,000,000). */
const DUE_ROWS = Number(process.env.BENCH_DUE_ROWS ?? 50_000);
/** The drain is followed for at most this many seconds (BENCH_DUE_SECONDS, default 120). */
const DUE_SECONDS = Number(process.env.BENCH_DUE_SECONDS ?? 120);
/** Policies per generating statement, as the lists scenario copies them. */
const CHUNK = 100_000;
/** Throughput rounds of the read with nothing due (after a warm-up round), and each round's seconds. */
const IDLE_ROUNDS = 3;
const READ_SECONDS = 3;
/** Issue 53's figures: a million expiries within an hour, the partner read slowed by at most a tenth. */
const TARGET_ROWS = 1_000_000;
const TARGET_RATE = TARGET_ROWS / 3600;
const TARGET_READ_RATIO = 0.9;
/** The built API's poll interval when BENCH_API_ENV does not set one: the configuration's default (libs/config). */
const DEFAULT_POLL_MS = 15_000;

/**
 * Issue 53: a day on which a million policies expire. One motor policy is issued through the sandbox API and copied
 * in SQL to DUE_ROWS active policies of the partner whose term ended two days ago; the built API in production mode
 * (its own process, npm start's settings, its due-event worker on the configuration's poll interval: production's
 * default unless BENCH_API_ENV sets DUE_EVENTS_POLL_MS) serves the partner's read by id of the template policy. The
 * read's throughput is measured with nothing due, then one INSERT ... SELECT writes a pending `policy.expiry` row due
 * now for every copy, and while the worker drains them (count(*) of the fired rows polled every second, until all
 * fired or DUE_SECONDS) the same read is measured again, round after round. Afterwards (the API stopped, so nothing
 * is in flight) every row fired is checked to have fired on its first try and its policy to be status 4, and every
 * row not fired to have its policy still active.
 */
export async function dueEventsScenario() {
  const shared = {
    LOG_LEVEL: 'warn',
    RATE_LIMIT_DEFAULT_PER_MINUTE: '10000000',
    JWT_SECRET: `bench-${randomBytes(16).toString('hex')}`.padEnd(48, 'x'),
  };
  // the in-process sandbox API only issues the template: its own due-event worker off, so the built API's alone drains
  const env = await startMotorEnv({ env: { ...shared, DUE_EVENTS_POLL_MS: '0' } });
  try {
    const { app } = env;
    const sql = app.db.sql;
    const p = await app.partner(['motor-comprehensive-comparison']);
    const template = await issuePolicy(app, p.token);
    const statusOf = async (id: number) => (await sql.query<{ status: number }>('SELECT status FROM motor_policies WHERE id = $1', [id]))[0].status;
    const templateStatus = await statusOf(template);

    // the copies: active, a year's term that ended the day before yesterday (expired at yesterday's 00:00 UTC)
    const generationStarted = performance.now();
    const day = (days: number) => `to_char(current_date + ${days}, 'YYYY-MM-DD')`;
    for (let from = 1; from <= DUE_ROWS; from += CHUNK) {
      const to = Math.min(DUE_ROWS, from + CHUNK - 1);
      await copyRows(app, 'motor_policies', template, from, to, {
        offer_id: 'gen_random_uuid()',
        price_id: 'gen_random_uuid()',
        status: '1',
        start_date: day(-367),
        end_date: day(-2),
        created_at: `(now() - interval '400 days' + n * interval '1 millisecond')`,
        updated_at: `(now() - interval '400 days' + n * interval '1 millisecond')`,
      });
    }
    await sql.exec('VACUUM ANALYZE motor_policies');
    const policiesSeconds = (performance.now() - generationStarted) / 1000;

    const pollMs = Number(JSON.parse(process.env.BENCH_API_ENV ?? '{}').DUE_EVENTS_POLL_MS ?? DEFAULT_POLL_MS);
    const port = await freePort();
    const productionEnv = productionApiEnv(app, await databaseUrlOf(app), port, shared);
    // the bench's rows, told from the template's own events by their due time (a minute before they are written)
    const dueAt = new Date(Date.now() - 60_000);
    const measured = await withBuiltApi(productionEnv, port, async () => {
      const headers = { Authorization: `Bearer ${await builtApiToken(port, p)}` };
      const url = `http://127.0.0.1:${port}/api/v1/car-comp/policies/${template}`;
      const shown = await http(url, { headers });
      if (shown.status !== 200) throw new Error(`show ${shown.status}: ${shown.text.slice(0, 500)}`);
      const plan: LoadPlan = {
        url,
        method: 'GET',
        headers,
        expectStatus: 200,
        mode: 'throughput',
        concurrency: 20,
        durationMs: READ_SECONDS * 1000,
        maxRequests: 300_000,
      };
      const rps = async () => {
        const r = await runLoadSplit(plan);
        if (r.errors) throw new Error(`the read failed (${r.errors}): ${r.firstError}`);
        return r.rps!;
      };
      await rps(); // warm-up: the handler compiled, the pools full
      const idle: number[] = [];
      for (let i = 0; i < IDLE_ROUNDS; i++) idle.push(await rps());

      // the day's expiries, all due now: one row a copy (every motor policy of the partner but the template)
      const insertStarted = performance.now();
      await sql.query(
        `INSERT INTO due_events (id, kind, subject, due_at, state, attempts, clock_id, created_at, updated_at)
         SELECT gen_random_uuid(), 'policy.expiry', 'motor:' || p.id, $3::timestamptz, 'pending', 0, NULL, now(), now()
         FROM motor_policies p WHERE p.client_id = $1::uuid AND p.id <> $2`,
        [p.id, template, dueAt],
      );
      await sql.exec('ANALYZE due_events');
      const insertSeconds = (performance.now() - insertStarted) / 1000;

      const fired = async () =>
        Number(
          (await sql.query<{ n: string }>(`SELECT count(*) AS n FROM due_events WHERE kind = 'policy.expiry' AND due_at = $1 AND state = 'fired'`, [dueAt]))[0]
            .n,
        );
      const started = performance.now();
      const elapsed = () => (performance.now() - started) / 1000;
      const samples: { s: number; fired: number }[] = [];
      let done = false;
      const poll = (async () => {
        while (elapsed() < DUE_SECONDS) {
          const n = await fired();
          samples.push({ s: Math.round(elapsed() * 10) / 10, fired: n });
          if (n >= DUE_ROWS) break;
          await new Promise((r) => setTimeout(r, 1000));
        }
        done = true;
      })();
      // the read alongside, from the first fired row on, round after round while the drain lasts
      const draining: number[] = [];
      while (!done && !samples.some((x) => x.fired > 0)) await new Promise((r) => setTimeout(r, 100));
      while (!done) {
        const r = await rps();
        if (!done) draining.push(r); // a round the drain outlived, the whole of it alongside
      }
      await poll;
      return { idle, draining, samples, insertSeconds };
    });

    // the API stopped (its shutdown waits for the sweep in progress): the durable state
    const [rows] = await sql.query<{ total: string; fired: string; fired_again: string; failed: string; claimed_pending: string }>(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE state = 'fired') AS fired,
              count(*) FILTER (WHERE state = 'fired' AND attempts <> 1) AS fired_again,
              count(*) FILTER (WHERE state = 'failed' OR last_error IS NOT NULL) AS failed,
              count(*) FILTER (WHERE state = 'pending' AND attempts > 0) AS claimed_pending
       FROM due_events WHERE kind = 'policy.expiry' AND due_at = $1`,
      [dueAt],
    );
    const [policies] = await sql.query<{ expired: string; active: string; mismatched: string }>(
      `SELECT count(*) FILTER (WHERE p.status = 4) AS expired,
              count(*) FILTER (WHERE p.status = 1) AS active,
              count(*) FILTER (WHERE (e.state = 'fired') <> (p.status = 4)) AS mismatched
       FROM motor_policies p JOIN due_events e ON e.kind = 'policy.expiry' AND e.subject = 'motor:' || p.id AND e.due_at = $2
       WHERE p.client_id = $1::uuid`,
      [p.id, dueAt],
    );

    const { idle, draining, samples } = measured;
    const last = samples[samples.length - 1];
    const firstFired = samples.find((x) => x.fired > 0);
    const firedCount = Number(rows.fired);
    const completed = firedCount === DUE_ROWS;
    const round1 = (v: number) => Math.round(v * 10) / 10;
    const rate = last.s > 0 ? last.fired / last.s : 0;
    // from the first poll that saw a fired row: the worker's pace once started, without the wait for its first tick
    const steadyRate = firstFired && last.s > firstFired.s ? (last.fired - firstFired.fired) / (last.s - firstFired.s) : 0;
    const median = (v: number[]) => (v.length ? [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] : NaN);
    const readRatio = Math.round((median(draining) / median(idle)) * 100) / 100;
    const hoursFor = (r: number) => (r > 0 ? Math.round((TARGET_ROWS / r / 3600) * 100) / 100 : null);
    const checks = {
      every_fired_row_fired_once: Number(rows.fired_again) === 0,
      no_row_failed: Number(rows.failed) === 0,
      every_fired_policy_expired_and_every_other_active: Number(policies.mismatched) === 0 && Number(policies.expired) + Number(policies.active) === DUE_ROWS,
      every_policy_expired: completed && Number(policies.expired) === DUE_ROWS,
      template_unchanged: (await statusOf(template)) === templateStatus,
    };
    return {
      rows: DUE_ROWS,
      issue_rows: TARGET_ROWS,
      time_cap_seconds: DUE_SECONDS,
      poll_ms: pollMs,
      generation_seconds: { policies: round1(policiesSeconds), due_rows: round1(measured.insertSeconds) },
      drain: {
        completed,
        seconds: last.s,
        fired: firedCount,
        first_fired_after_seconds: firstFired?.s ?? null,
        rate_per_second: round1(rate),
        steady_rate_per_second: round1(steadyRate),
        hours_for_a_million: hoursFor(rate),
        hours_for_a_million_steady: hoursFor(steadyRate),
        target: `>= ${Math.ceil(TARGET_RATE)} a second (1,000,000 within an hour)`,
        met: rate >= TARGET_RATE,
        samples: samples.filter((_, i) => i % 10 === 0 || i === samples.length - 1),
      },
      read: {
        path: 'GET /api/v1/car-comp/policies/{id}',
        concurrency: 20,
        seconds_per_round: READ_SECONDS,
        idle_rps: idle,
        draining_rps: draining,
        ratio: readRatio,
        target: `draining median >= ${TARGET_READ_RATIO}x idle median`,
        met: readRatio >= TARGET_READ_RATIO,
      },
      state: {
        rows: {
          total: Number(rows.total),
          fired: firedCount,
          fired_more_than_once: Number(rows.fired_again),
          failed: Number(rows.failed),
          claimed_not_fired: Number(rows.claimed_pending),
        },
        policies: { expired: Number(policies.expired), active: Number(policies.active), mismatched: Number(policies.mismatched) },
        checks,
        ok: Object.entries(checks).every(([k, v]) => v || (k === 'every_policy_expired' && !completed)),
      },
      database: app.db.kind,
    };
  } finally {
    await env.close();
  }
}

/** The results page's section of dueEventsScenario's result. */
export function dueEventsScenarioMarkdown(r: Awaited<ReturnType<typeof dueEventsScenario>>): string[] {
  const d = r.drain;
  return [
    `## Due events: ${r.rows} policies expiring at once (issue 53's day: ${r.issue_rows}), ${r.database} (the built API in production mode, DUE_EVENTS_POLL_MS ${r.poll_ms})`,
    `generated in ${r.generation_seconds.policies} s (policies) and ${r.generation_seconds.due_rows} s (due rows); ` +
      `drain ${d.completed ? 'completed' : `stopped at the ${r.time_cap_seconds} s cap`}: ${d.fired} fired in ${d.seconds} s (first after ${d.first_fired_after_seconds ?? '-'} s), ` +
      `${d.rate_per_second} a second (${d.steady_rate_per_second} from the first fired row on); a million would take ${d.hours_for_a_million ?? '-'} h ` +
      `(${d.hours_for_a_million_steady ?? '-'} h at the steady rate); target ${d.target}: ${d.met ? 'met' : 'NOT met'}`,
    `${r.read.path}, ${r.read.concurrency} concurrent, ${r.read.seconds_per_round} s rounds: idle rps ${r.read.idle_rps.join(' / ')}, ` +
      `during the drain ${r.read.draining_rps.join(' / ') || 'none'}; ratio of medians ${r.read.ratio} (target >= 0.9: ${r.read.met ? 'met' : 'NOT met'})`,
    `durable state: ${r.state.rows.fired} rows fired (${r.state.rows.fired_more_than_once} more than once, ${r.state.rows.failed} failed, ` +
      `${r.state.rows.claimed_not_fired} claimed and not fired), ${r.state.policies.expired} policies status 4, ${r.state.policies.active} still active, ` +
      `${r.state.policies.mismatched} not matching their row: ${r.state.ok ? 'ok' : 'NOT ok'}`,
    '',
  ];
}
