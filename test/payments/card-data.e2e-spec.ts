import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { browse, CARDS, issueMotorPolicy, motorQuote, payWithCard } from './payment-kit';

interface Recorded {
  method: string;
  url: string;
  headers: string;
  body: Buffer;
}

/**
 * A transparent HTTP proxy in front of the API that records every request it is sent: the API's
 * public address points at it, so browsers, partners and the vendor's callbacks all pass through.
 */
async function recordingProxy(): Promise<{ url: string; seen: Recorded[]; target(port: number): void; close(): Promise<void> }> {
  const seen: Recorded[] = [];
  let targetPort = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method!, url: req.url!, headers: JSON.stringify(req.headers), body });
      const out = httpRequest({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers }, (upstream) => {
        res.writeHead(upstream.statusCode!, upstream.headers);
        upstream.pipe(res);
      });
      out.on('error', () => res.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    target: (port) => (targetPort = port),
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Every row of every table, as text. */
async function databaseText(env: MotorTestEnv): Promise<string> {
  const tables = await env.app.db.prisma.$queryRawUnsafe<Array<{ tablename: string }>>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
  const dumps = await Promise.all(tables.map((t) => env.app.db.prisma.$queryRawUnsafe<unknown[]>(`SELECT row_to_json(x)::text AS j FROM "${t.tablename}" x`)));
  return JSON.stringify(dumps);
}

function filesText(dir: string): string {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => readFileSync(join(e.parentPath, e.name)).toString('latin1'))
      .join('\n');
  } catch {
    return '';
  }
}

describe('card data never reaches the service', () => {
  let env: MotorTestEnv;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;

  beforeAll(async () => {
    proxy = await recordingProxy();
    env = await startMotorEnv({ env: { PUBLIC_BASE_URL: proxy.url, POLICY_DOCUMENTS_POLL_MS: '0' } });
    proxy.target(env.app.config.port);
  });
  afterAll(async () => {
    await env.close();
    await proxy.close();
  });

  it('through a successful, a declined and a failed payment: not in API requests, logs, database or files', async () => {
    const { token } = await env.app.partner(['motor-tpl-comparison']);
    const quote = await motorQuote(env, token);
    const used = new Set<string>();
    const cards = [CARDS.declined, CARDS.vendorError, CARDS.success];
    const { policy } = await issueMotorPolicy(env, token, quote, used);
    for (const card of cards) {
      const hops = await payWithCard(policy.payment_link, card);
      expect(hops.form.text).toContain('name="card_number"'); // typed on the vendor's page...
      await browse(hops.submitted.location!);
    }
    // ...and it was a real payment that reached the API through the proxy
    const shown = await env.app.request(`/api/v1/car-comp/policies/${policy.id}`, { token });
    expect(shown.body.status).toBe(1);
    await new Promise((r) => setTimeout(r, 300)); // the vendor's callbacks and the PDF are asynchronous
    expect(proxy.seen.some((r) => r.url.startsWith('/payments/vendor/callback'))).toBe(true);
    expect(proxy.seen.some((r) => r.url.includes('/return?vendor_payment_id='))).toBe(true);

    const needles = cards.flatMap((c) => [c, c.replace(/(\d{4})(?=\d)/g, '$1 '), c.slice(-12)]);
    const haystacks = {
      requests: proxy.seen.map((r) => `${r.method} ${r.url} ${r.headers} ${r.body.toString('latin1')}`).join('\n'),
      logs: env.app.rawLogs(),
      database: await databaseText(env),
      files: filesText(env.app.config.dataDir),
    };
    for (const [where, text] of Object.entries(haystacks)) {
      expect(text.length).toBeGreaterThan(0);
      for (const needle of needles) expect(`${where}: ${text.includes(needle)}`).toBe(`${where}: false`);
    }
    expect(haystacks.requests).toContain(policy.payment_link.replace(proxy.url, '').split('/').pop());
  });
});
