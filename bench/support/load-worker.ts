/**
 * The load generator as its own process, like a real client on another machine: its request and
 * response handling does not share the event loop of the server it measures.
 * Input (argv[2], JSON): a LoadPlan. Output (stdout, JSON): a LoadResult.
 * Requests go to the URL given, which the bench always points at 127.0.0.1.
 */
import { Agent, request } from 'node:http';
import { connect, Socket } from 'node:net';

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
  /** Wall time (epoch ms) to start at: several worker processes driving one target start together. */
  startAt?: number;
  /**
   * Bursts only: a second target measured in the same rounds, burst for burst (which goes first alternates), so both
   * meet the same moments of a busy machine; its latencies come back as `alternateLatenciesMs`.
   */
  alternateWith?: Omit<LoadPlan, 'mode' | 'concurrency' | 'rounds' | 'alternateWith'>;
}

export interface LoadResult {
  latenciesMs?: number[];
  alternateLatenciesMs?: number[];
  rps?: number;
  requests?: number;
  errors: number;
  firstError?: string;
}

async function main(plan: LoadPlan): Promise<LoadResult> {
  if (plan.startAt) await new Promise((r) => setTimeout(r, Math.max(0, plan.startAt! - Date.now())));
  if (plan.mode !== 'bursts') {
    const r = await rawThroughput(plan);
    return { rps: r.rps, requests: r.requests, errors: r.errors, firstError: r.firstError };
  }
  const target = bursts(plan, plan.concurrency);
  const other = plan.alternateWith && bursts(plan.alternateWith, plan.concurrency);
  const latenciesMs: number[] = [];
  const alternateLatenciesMs: number[] = [];
  for (let round = 0; round < (plan.rounds ?? 1); round++) {
    if (other && round % 2 === 1) alternateLatenciesMs.push(...(await other.burst()));
    latenciesMs.push(...(await target.burst()));
    if (other && round % 2 === 0) alternateLatenciesMs.push(...(await other.burst()));
  }
  const failed = [target, other].find((t) => t?.errors);
  return { latenciesMs, ...(other ? { alternateLatenciesMs } : {}), errors: target.errors + (other?.errors ?? 0), firstError: failed?.firstError };
}

/** `concurrency` simultaneous requests to one target, each timed, as often as asked; a wrong status counts as an error. */
function bursts(target: Pick<LoadPlan, 'url' | 'method' | 'headers' | 'body' | 'expectStatus'>, concurrency: number) {
  // node:http with kept-alive connections: the client's own cost stays small next to what it measures.
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const body = target.body === undefined ? undefined : Buffer.from(target.body);
  const headers = body ? { ...target.headers, 'content-length': String(body.length) } : target.headers;
  const state = { errors: 0, firstError: undefined as string | undefined };
  const send = () =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(target.url, { method: target.method, headers, agent }, (res) => {
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
    if (res.status !== target.expectStatus) {
      state.errors++;
      state.firstError ??= `${res.status}: ${res.text.slice(0, 300)}`;
      throw new Error(state.firstError);
    }
  };
  const burst = () =>
    Promise.all(
      Array.from({ length: concurrency }, async () => {
        const t = performance.now();
        await one().catch(() => undefined);
        return performance.now() - t;
      }),
    );
  return Object.assign(state, { burst });
}

/**
 * Throughput over raw kept-alive sockets, one request in flight per connection: the request's bytes built once,
 * each response read only as far as its status, Content-Length and body end. Several times cheaper per request than
 * node:http's client, so one process drives a bare route far faster than the service it measures.
 */
async function rawThroughput(plan: LoadPlan) {
  const url = new URL(plan.url);
  const body = plan.body === undefined ? '' : plan.body;
  const head = [`${plan.method} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`, 'Connection: keep-alive'];
  for (const [k, v] of Object.entries(plan.headers)) head.push(`${k}: ${v}`);
  if (body) head.push(`Content-Length: ${Buffer.byteLength(body)}`);
  const bytes = Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`);
  const durationMs = plan.durationMs ?? 3000;
  const maxRequests = plan.maxRequests ?? 1_000_000;
  const expect = `HTTP/1.1 ${plan.expectStatus} `;
  let done = 0;
  let errors = 0;
  let firstError: string | undefined;
  const end = Date.now() + durationMs;
  const started = process.hrtime.bigint();
  const connection = () =>
    new Promise<void>((resolve) => {
      const socket: Socket = connect(Number(url.port), url.hostname);
      socket.setNoDelay(true);
      let buf: Buffer = Buffer.alloc(0);
      const next = () => {
        if (Date.now() >= end || done + errors >= maxRequests) {
          socket.end();
          return resolve();
        }
        socket.write(bytes);
      };
      socket.on('connect', next);
      socket.on('error', (e) => {
        errors++;
        firstError ??= e.message;
        resolve();
      });
      socket.on('data', (chunk: Buffer) => {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        for (;;) {
          const headEnd = buf.indexOf('\r\n\r\n');
          if (headEnd < 0) return;
          const headers = buf.subarray(0, headEnd).toString('latin1');
          const m = /\r\ncontent-length:\s*(\d+)/i.exec(headers);
          if (!m) {
            errors++;
            firstError ??= `no Content-Length: ${headers.slice(0, 200)}`;
            socket.destroy();
            return resolve();
          }
          const total = headEnd + 4 + Number(m[1]);
          if (buf.length < total) return;
          if (headers.startsWith(expect)) done++;
          else {
            errors++;
            firstError ??= `${headers.slice(0, 200)} ${buf
              .subarray(headEnd + 4, total)
              .toString()
              .slice(0, 300)}`;
          }
          buf = buf.subarray(total);
          next();
        }
      });
    });
  await Promise.all(Array.from({ length: plan.concurrency }, connection));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { requests: done, errors, firstError, rps: Math.round(done / seconds) };
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
