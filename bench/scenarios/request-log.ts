import { randomBytes } from 'node:crypto';
import { startSandbox } from '../../test/sandbox/sandbox-test-kit';
import { freePort, startTestApp } from '../../test/support/test-app';
import { quoteBody, quoteOtp } from '../../test/support/motor-kit';
import { ManualClock } from '../../libs/common/src';
import { http } from '../../test/support/http';
import { runLoad, runLoadSplit, summary } from '../support/load';
import { withBuiltApi } from '../support/built-api';
import { issuePolicy } from '../support/motor-policy';
import { databaseUrlOf, productionApiEnv } from '../support/production-api';
import type { LoadResult } from '../support/load-worker';

/**
 * The partner request log's cost on the partner API (issue 52): two built production APIs on the same database, one
 * writing the request log and one not (REQUEST_LOG=false), read `GET /api/v1/car-comp/policies/{id}` in turns: bursts
 * of 20 concurrent reads timed request by request (the log's API and the other burst for burst, which goes first
 * alternating), then throughput rounds in turns; then the quote fan-out (`POST /api/v1/car-comp/quote-requests` to the
 * sandbox's insurers) in bursts of 20 the same way. Afterwards the log's rows are counted and its dropped counter read,
 * so a log that silently dropped would show. BENCH_REQUEST_LOG_ROUNDS read bursts (default 150),
 * BENCH_REQUEST_LOG_QUOTE_ROUNDS quote bursts (default 60, after 20 of warm-up).
 */
export async function requestLogScenario() {
  const sandbox = await startSandbox();
  const rateLimitPerMinute = 10_000_000;
  const jwtSecret = `bench-${randomBytes(16).toString('hex')}`.padEnd(48, 'x');
  const metricsToken = 'm'.repeat(40);
  const shared = { LOG_LEVEL: 'warn', RATE_LIMIT_DEFAULT_PER_MINUTE: String(rateLimitPerMinute), JWT_SECRET: jwtSecret, METRICS_TOKEN: metricsToken };
  // on real time: the built APIs verify the quote OTP this app stores by their own (real) clocks
  const app = await startTestApp({ env: { ...shared, SANDBOX_URL: sandbox.baseUrl }, clock: new ManualClock() });
  try {
    const p = await app.partner(['motor-comprehensive-comparison']);
    const id = await issuePolicy(app, p.token);
    const dbUrl = await databaseUrlOf(app);
    const onPort = await freePort();
    const offPort = await freePort();
    // both built APIs ask the sandbox's insurers for the fan-out
    const on = productionApiEnv(app, dbUrl, onPort, { ...shared, SANDBOX_URL: sandbox.baseUrl, REQUEST_LOG: 'true' });
    const off = productionApiEnv(app, dbUrl, offPort, { ...shared, SANDBOX_URL: sandbox.baseUrl, REQUEST_LOG: 'false' });
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
        const quote = async (port: number, read: { headers: Record<string, string> }) => ({
          url: `http://127.0.0.1:${port}/api/v1/car-comp/quote-requests`,
          method: 'POST' as const,
          headers: { ...read.headers, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: quoteJson,
          expectStatus: 201,
        });
        const quoteJson = JSON.stringify(quoteBody(await quoteOtp(app, p.token)));
        const quoteOn = await quote(onPort, logOn);
        const quoteOff = await quote(offPort, logOff);
        const quoteRounds = Number(process.env.BENCH_REQUEST_LOG_QUOTE_ROUNDS ?? 60);
        checked(await runLoad({ ...quoteOn, mode: 'bursts', concurrency: 20, rounds: 20, alternateWith: quoteOff }));
        const quoteBursts = checked(await runLoad({ ...quoteOn, mode: 'bursts', concurrency: 20, rounds: quoteRounds, alternateWith: quoteOff }));
        // the log's writer flushes every second: wait for its rows before counting them
        await new Promise((r) => setTimeout(r, 1500));
        const metrics = await http(`http://127.0.0.1:${onPort}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } });
        const counter = (name: string) => [...metrics.text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
        const [{ n: rows }] = await app.db.sql.query<{ n: string }>('SELECT count(*) AS n FROM partner_request_log WHERE client_id = $1::uuid', [p.id]);
        const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
        const latencyOn = summary(bursts.latenciesMs!);
        const latencyOff = summary(bursts.alternateLatenciesMs!);
        const quoteLatencyOn = summary(quoteBursts.latenciesMs!);
        const quoteLatencyOff = summary(quoteBursts.alternateLatenciesMs!);
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
          quote_bursts_measured: quoteRounds,
          quote_latency_ms_log_on: quoteLatencyOn,
          quote_latency_ms_log_off: quoteLatencyOff,
          quote_p50_on_over_off: Math.round((quoteLatencyOn.p50 / quoteLatencyOff.p50) * 100) / 100,
          quote_p99_on_over_off: Math.round((quoteLatencyOn.p99 / quoteLatencyOff.p99) * 100) / 100,
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
