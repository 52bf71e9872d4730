import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { startTestApp } from '../../test/support/test-app';
import { quoteBody, quoteOtp } from '../../test/support/motor-kit';
import { p50p99, summary } from '../support/load';
import { INSURER_LATENCIES, startSandboxProcess } from '../support/sandbox-process';
import type { ProgressivePlan, ProgressiveSample } from '../support/progressive-worker';

/** Runs progressive clients in a separate process (bench/progressive-worker.ts) and returns what each saw. */
function runProgressive(plan: ProgressivePlan): Promise<ProgressiveSample[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, '..', 'support', 'progressive-worker.js'), JSON.stringify(plan)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
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
export async function progressiveScenario() {
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

/** The results page's section of progressiveScenario's result. */
export function progressiveScenarioMarkdown(progressive: Awaited<ReturnType<typeof progressiveScenario>>): string[] {
  const md: string[] = [];
  md.push(
    `## Progressive quotes: first offer on the event stream after the fastest insurer's answer (${progressive.insurers} insurers, fastest ${progressive.fastest_insurer_ms} ms, ${progressive.concurrency} concurrent, ${progressive.database})`,
    `delay ms: p50 ${progressive.first_offer_delay_ms.p50}, p95 ${progressive.first_offer_delay_ms.p95}, p99 ${progressive.first_offer_delay_ms.p99}, max ${progressive.first_offer_delay_ms.max} over ${progressive.first_offer_delay_ms.n} requests (target p99 <= 10: ${progressive.met ? 'met' : 'NOT met'})`,
    `streams opened after the fastest answer (measured from their opening): ${progressive.streams_opened_after_the_answer}; ` +
      `apart: following before the answer ${p50p99(progressive.delay_ms_stream_open_before_answer)}; ` +
      `opened later ${p50p99(progressive.delay_ms_stream_opened_later)}`,
    '',
  );
  return md;
}
