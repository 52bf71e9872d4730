import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { AnswerTooLargeError, ExchangeStoppedError, MAX_ANSWER_BYTES, exchangeJson } from './json-http';
import { withSandboxScope } from './sandbox-scope';

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string; connections: Socket[] }> {
  const connections: Socket[] = [];
  const server = createServer(handler);
  server.on('connection', (s: Socket) => connections.push(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}`, connections };
}

const close = (server: Server, connections: Socket[]) => {
  for (const c of connections) c.destroy();
  return new Promise((resolve) => server.close(resolve));
};

/** Waits (up to 5 s) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
}

describe('exchangeJson', () => {
  it('sends JSON under the base path with the sandbox scope, and reads the answer', async () => {
    const seen: Array<{ url?: string; type?: string; scope?: string | string[]; body: string }> = [];
    const { server, url, connections } = await listen((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ url: req.url, type: req.headers['content-type'], scope: req.headers['x-sandbox-scope'], body });
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ n: seen.length }));
      });
    });
    try {
      for (let i = 1; i <= 3; i++) {
        const answer = await withSandboxScope('client-1', () =>
          exchangeJson(`${url}/api/`, `/quotes?i=${i}`, { method: 'POST', body: { i }, timeoutMs: 5000 }),
        );
        expect(answer).toEqual({ status: 201, text: JSON.stringify({ n: i }) });
      }
      expect(seen[2]).toEqual({ url: '/api/quotes?i=3', type: 'application/json', scope: 'client-1', body: '{"i":3}' });
    } finally {
      await close(server, connections);
    }
  });

  describe('against a server that never answers', () => {
    let hung: Awaited<ReturnType<typeof listen>>;
    const open = new Set<IncomingMessage>();
    beforeAll(async () => {
      hung = await listen((req) => {
        open.add(req);
        req.on('close', () => open.delete(req));
      });
    });
    afterAll(() => close(hung.server, hung.connections));

    it('stops at its deadline as a timeout and drops the request', async () => {
      await expect(exchangeJson(hung.url, '/hung', { method: 'GET', timeoutMs: 200 })).rejects.toEqual(new ExchangeStoppedError('timeout'));
      await until(() => open.size === 0);
      expect(open.size).toBe(0);
    });

    it("stops when the caller's signal fires, before or during the call", async () => {
      const caller = new AbortController();
      const call = exchangeJson(hung.url, '/hung', { method: 'GET', timeoutMs: 30_000, signal: caller.signal });
      await until(() => open.size === 1);
      caller.abort();
      await expect(call).rejects.toMatchObject({ name: 'ExchangeStoppedError', reason: 'aborted' });
      await until(() => open.size === 0);
      expect(open.size).toBe(0);
      await expect(exchangeJson(hung.url, '/hung', { method: 'GET', signal: caller.signal })).rejects.toMatchObject({ reason: 'aborted' });
    });
  });

  it('stops a body that trickles in past the deadline', async () => {
    const { server, url, connections } = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"slow":');
    });
    try {
      await expect(exchangeJson(url, '/slow', { method: 'GET', timeoutMs: 300 })).rejects.toMatchObject({ name: 'ExchangeStoppedError', reason: 'timeout' });
    } finally {
      await close(server, connections);
    }
  });

  it('refuses an answer larger than MAX_ANSWER_BYTES', async () => {
    const { server, url, connections } = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.alloc(MAX_ANSWER_BYTES + 1, 'a'));
    });
    try {
      await expect(exchangeJson(url, '/big', { method: 'GET', timeoutMs: 10_000 })).rejects.toBeInstanceOf(AnswerTooLargeError);
    } finally {
      await close(server, connections);
    }
  });
});
