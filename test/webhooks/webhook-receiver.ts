import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * The configuration an app under test needs to call receivers on this machine: webhooks never reach loopback
 * addresses unless WEBHOOK_ALLOW_LOOPBACK says so (sandbox refuses internal targets like production).
 */
export const LOCAL_RECEIVERS_ENV = { WEBHOOK_ALLOW_LOOPBACK: 'true' } as const;

/** What the receiver answers to one request; `hang` never answers (until the receiver closes). */
export type Reply = { status: number; body?: string; delayMs?: number; headers?: Record<string, string> } | 'hang';

/**
 * A real HTTP server on 127.0.0.1 standing in for a client's webhook endpoint: records every request and
 * answers from a queue of replies (then `fallback`).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly replies: Reply[] = [];
  private waiters: Array<() => void> = [];
  fallback: Reply = { status: 200, body: 'ok' };
  private server!: Server;

  static async start(): Promise<WebhookReceiver> {
    const r = new WebhookReceiver();
    r.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        r.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        r.waiters.splice(0).forEach((w) => w());
        const reply = r.replies.shift() ?? r.fallback;
        if (reply === 'hang') return;
        setTimeout(() => res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers }).end(reply.body ?? ''), reply.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    return r;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  reply(...replies: Reply[]): void {
    this.replies.push(...replies);
  }

  /** Waits until `count` requests in all have arrived. */
  async waitFor(count: number, timeoutMs = 15_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} webhook request(s), got ${this.received.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.received;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls `check` until it returns a truthy value. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 15_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
