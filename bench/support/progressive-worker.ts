/**
 * The progressive-quotes client as its own process (like a partner's backend on another machine): each of
 * `concurrency` clients posts Request Quotes with `Prefer: respond-async`, follows the request's event stream,
 * and notes (high-resolution wall time: performance.timeOrigin + performance.now(), comparable across processes
 * on one machine) when its stream opened and when the first offer arrived; it reads on to `complete`.
 * Input (argv[2], JSON): a ProgressivePlan. Output (stdout, JSON): ProgressiveSample[].
 * Requests go to the URL given, which the bench always points at 127.0.0.1.
 */
import { Agent, request } from 'node:http';

export interface ProgressivePlan {
  /** .../quote-requests */
  url: string;
  token: string;
  body: string;
  concurrency: number;
  rounds: number;
}

export interface ProgressiveSample {
  quoteRequestId: number;
  /** When the event stream's headers arrived. */
  streamOpenAt: number;
  /** When the first `insurer` event carrying offers was fully received. */
  firstOfferAt: number;
  /** How many insurer events the stream carried before `complete`. */
  insurerEvents: number;
}

const now = () => performance.timeOrigin + performance.now();

function post(plan: ProgressivePlan, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = Buffer.from(plan.body);
    const req = request(
      plan.url,
      {
        method: 'POST',
        agent,
        headers: { Authorization: `Bearer ${plan.token}`, 'Content-Type': 'application/json', 'Content-Length': String(body.length), Prefer: 'respond-async' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 202) return reject(new Error(`POST answered ${res.statusCode}: ${text.slice(0, 300)}`));
          resolve((JSON.parse(text) as { id: number }).id);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function follow(plan: ProgressivePlan, agent: Agent, id: number): Promise<ProgressiveSample> {
  return new Promise((resolve, reject) => {
    const req = request(`${plan.url}/${id}/events`, { agent, headers: { Authorization: `Bearer ${plan.token}`, Accept: 'text/event-stream' } }, (res) => {
      const streamOpenAt = now();
      if (res.statusCode !== 200) return reject(new Error(`events answered ${res.statusCode}`));
      let buffer = '';
      let firstOfferAt = 0;
      let insurerEvents = 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === 'insurer') {
            insurerEvents++;
            if (!firstOfferAt && (JSON.parse(data!) as { quotes: unknown[] }).quotes.length) firstOfferAt = now();
          }
        }
      });
      res.on('end', () => resolve({ quoteRequestId: id, streamOpenAt, firstOfferAt, insurerEvents }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function main(plan: ProgressivePlan): Promise<ProgressiveSample[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: plan.concurrency * 2 });
  const samples: ProgressiveSample[] = [];
  for (let round = 0; round < plan.rounds; round++) {
    samples.push(...(await Promise.all(Array.from({ length: plan.concurrency }, async () => follow(plan, agent, await post(plan, agent))))));
  }
  agent.destroy();
  return samples;
}

main(JSON.parse(process.argv[2]) as ProgressivePlan).then(
  (r) => {
    process.stdout.write(JSON.stringify(r));
    process.exit(0);
  },
  (e) => {
    process.stderr.write(`${(e as Error).stack}\n`);
    process.exit(1);
  },
);
