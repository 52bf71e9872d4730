/**
 * The load generator as its own process, like a real client on another machine: its request and
 * response handling does not share the event loop of the server it measures.
 * Input (argv[2], JSON): a LoadPlan. Output (stdout, JSON): a LoadResult.
 * Requests go to the URL given, which the bench always points at 127.0.0.1.
 */
import { Agent, request } from 'node:http';
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
  // node:http with kept-alive connections: the client's own cost stays small next to what it measures.
  const agent = new Agent({ keepAlive: true, maxSockets: plan.concurrency });
  const body = plan.body === undefined ? undefined : Buffer.from(plan.body);
  const headers = body ? { ...plan.headers, 'content-length': String(body.length) } : plan.headers;
  const send = () =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(plan.url, { method: plan.method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  const one = async () => {
    const res = await send();
    const text = res.text;
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
