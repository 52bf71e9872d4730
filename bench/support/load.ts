import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { LoadPlan, LoadResult } from './load-worker';

/** Small load helpers: percentiles, a fixed-concurrency request loop bounded in time and count, and the load-worker process. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}

export function summary(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const r = (v: number) => Math.round(v * 100) / 100;
  return { n: s.length, min: r(s[0]), p50: r(percentile(s, 50)), p95: r(percentile(s, 95)), p99: r(percentile(s, 99)), max: r(s[s.length - 1]) };
}

/** A summary's p50 and p99 for the results page, or `none` when it summarised no value. */
export function p50p99(s: ReturnType<typeof summary>): string {
  return s.n ? `p50 ${s.p50}, p99 ${s.p99}` : 'none';
}

/** Runs `fn` from `concurrency` workers until `durationMs` passes or `maxRequests` are done; returns requests per second. */
export async function throughput(fn: () => Promise<void>, concurrency: number, durationMs: number, maxRequests = 1_000_000) {
  let done = 0;
  let errors = 0;
  const end = Date.now() + durationMs;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end && done + errors < maxRequests) {
        try {
          await fn();
          done++;
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { requests: done, errors, seconds: Math.round(seconds * 100) / 100, rps: Math.round(done / seconds) };
}

/** Runs a load plan in a separate process (bench/load-worker.ts) and returns what it measured. */
export function runLoad(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'load-worker.js'), JSON.stringify(plan)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load worker exited ${code}`))));
  });
}

/**
 * Worker processes of the load generator per target (LOAD_PROCESSES, default 1): one raw-socket worker drives a constant
 * route at 45-50 thousand requests per second on the 2-core machine the bench was written on, and a second one there
 * takes its CPU from the server being measured (the constant route then served less, not more).
 */
export const LOAD_PROCESSES = Math.max(1, Number(process.env.LOAD_PROCESSES ?? 1));

/** A throughput plan split over `processes` load-worker processes starting together; their rates and counts add up. */
export async function runLoadSplit(plan: LoadPlan, processes = LOAD_PROCESSES): Promise<LoadResult> {
  const startAt = Date.now() + 300 + 50 * processes;
  const each = Math.max(1, Math.round(plan.concurrency / processes));
  const results = await Promise.all(Array.from({ length: processes }, () => runLoad({ ...plan, concurrency: each, startAt })));
  const errors = results.reduce((n, r) => n + r.errors, 0);
  return {
    rps: results.reduce((n, r) => n + (r.rps ?? 0), 0),
    requests: results.reduce((n, r) => n + (r.requests ?? 0), 0),
    errors,
    firstError: results.find((r) => r.firstError)?.firstError,
  };
}
