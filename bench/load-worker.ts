/**
 * The load generator as its own process, like a real client on another machine: its request and
 * response handling does not share the event loop of the server it measures.
 * Input (argv[2], JSON): a LoadPlan. Output (stdout, JSON): a LoadResult.
 * Requests go to the URL given, which the bench always points at 127.0.0.1.
 */
import { throughput } from './load';

export interface LoadPlan {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  expectStatus: number;
  /** 'bursts': `rounds` rounds of `concurrency` simultaneous requests, each timed. 'throughput': requests per second. */
  mode: 'bursts' | 'throughput';
  concurrency: number;
  rounds?: number;
  durationMs?: number;
  maxRequests?: number;
}

export interface LoadResult {
  latenciesMs?: number[];
  rps?: number;
  errors: number;
  firstError?: string;
}

async function main(plan: LoadPlan): Promise<LoadResult> {
  let errors = 0;
  let firstError: string | undefined;
  const one = async () => {
    const res = await fetch(plan.url, { method: plan.method, headers: plan.headers, body: plan.body });
    const text = await res.text();
    if (res.status !== plan.expectStatus) {
      errors++;
      firstError ??= `${res.status}: ${text.slice(0, 300)}`;
      throw new Error(firstError);
    }
  };
  if (plan.mode === 'bursts') {
    const latenciesMs: number[] = [];
    for (let round = 0; round < (plan.rounds ?? 1); round++) {
      const times = await Promise.all(
        Array.from({ length: plan.concurrency }, async () => {
          const t = performance.now();
          await one().catch(() => undefined);
          return performance.now() - t;
        }),
      );
      latenciesMs.push(...times);
    }
    return { latenciesMs, errors, firstError };
  }
  const r = await throughput(one, plan.concurrency, plan.durationMs ?? 3000, plan.maxRequests);
  return { rps: r.rps, errors, firstError };
}

main(JSON.parse(process.argv[2]) as LoadPlan).then(
  (r) => {
    process.stdout.write(JSON.stringify(r));
    process.exit(0);
  },
  (e) => {
    process.stderr.write(`${(e as Error).stack}\n`);
    process.exit(1);
  },
);
