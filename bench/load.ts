/** Small load helpers: percentiles and a fixed-concurrency request loop bounded in time and count. */
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
