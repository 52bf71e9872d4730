import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http1Exchange, http1Origin } from './http1-client';
import { AnswerTooLargeError } from './http1-response';

class Stopped extends Error {}
const limits = (over: Partial<Parameters<typeof http1Exchange>[2]> = {}) => ({ maxBodyBytes: 1024 * 1024, stopped: (reason: string) => new Stopped(reason), ...over });
const post = (path: string, body = '{"q":1}') => ({ method: 'POST', path, headers: { accept: 'application/json', 'content-type': 'application/json' }, body: Buffer.from(body) });

async function listen<T extends Server | NetServer>(server: T): Promise<{ server: T; url: URL; connections: Socket[] }> {
  const connections: Socket[] = [];
  server.on('connection', (s: Socket) => connections.push(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: new URL(`http://127.0.0.1:${port}`), connections };
}

/** Closes the server and every connection it still holds (a net server waits for them otherwise). */
const close = (server: Server | NetServer, connections: Socket[] = []) => {
  for (const c of connections) c.destroy();
  return new Promise((resolve) => server.close(resolve));
};

/** Waits (up to 5 s) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
}

describe('http1Exchange', () => {
  it('sends the request as written and reads the answer, reusing one connection for calls one after another', async () => {
    const seen: Array<{ method?: string; url?: string; host?: string; type?: string; length?: string; body: string }> = [];
    const { server, url, connections } = await listen(
      createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          seen.push({ method: req.method, url: req.url, host: req.headers.host, type: req.headers['content-type'], length: req.headers['content-length'], body });
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: body, n: seen.length }));
        });
      }),
    );
    try {
      for (let i = 1; i <= 3; i++) {
        const answer = await http1Exchange(http1Origin(url), post(`/insurers/x/motor/quotes?i=${i}`, `{"i":${i}}`), limits());
        expect([answer.status, JSON.parse(answer.body.toString())]).toEqual([200, { echo: `{"i":${i}}`, n: i }]);
      }
      expect(seen[2]).toEqual({ method: 'POST', url: '/insurers/x/motor/quotes?i=3', host: url.host, type: 'application/json', length: '7', body: '{"i":3}' });
      expect(connections).toHaveLength(1);
    } finally {
      await close(server);
    }
  });

  it('reads chunked answers and answers to calls made at once, on as many connections as they need', async () => {
    const { server, url, connections } = await listen(
      createServer((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"part":');
        setTimeout(() => res.end(`"${req.url}"}`), 20);
      }),
    );
    try {
      const answers = await Promise.all([1, 2, 3, 4].map((i) => http1Exchange(http1Origin(url), { method: 'GET', path: `/${i}`, headers: {} }, limits())));
      expect(answers.map((a) => JSON.parse(a.body.toString()).part)).toEqual(['/1', '/2', '/3', '/4']);
      expect(connections).toHaveLength(4);
      await http1Exchange(http1Origin(url), { method: 'GET', path: '/5', headers: {} }, limits());
      expect(connections).toHaveLength(4);
    } finally {
      await close(server);
    }
  });

  it('opens a new connection when the other side closed the idle one, or said it would', async () => {
    const http = createServer((req, res) => {
      if (req.url === '/last') res.setHeader('connection', 'close');
      res.end('{}');
    });
    http.keepAliveTimeout = 50;
    const { server, url, connections } = await listen(http);
    try {
      await http1Exchange(http1Origin(url), { method: 'GET', path: '/', headers: {} }, limits());
      // the server closes the idle connection after its keep-alive timeout (and whatever margin Node adds to it)
      await until(() => connections[0].destroyed);
      expect(connections[0].destroyed).toBe(true);
      await http1Exchange(http1Origin(url), { method: 'GET', path: '/last', headers: {} }, limits());
      await http1Exchange(http1Origin(url), { method: 'GET', path: '/', headers: {} }, limits());
      expect(connections).toHaveLength(3);
    } finally {
      await close(server, connections);
    }
  });

  it('asks again on a new connection when a kept one was closed before it answered (the stale keep-alive race)', async () => {
    let requests = 0;
    const { server, url, connections } = await listen(
      createNetServer((socket) => {
        // one request per write: the client sends each request's head and body together
        socket.on('data', () => {
          requests++;
          // the first connection answers once, then drops the next request unanswered, as a server closing an idle connection does
          if (requests === 2) return void socket.destroy();
          socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
        });
      }),
    );
    try {
      await http1Exchange(http1Origin(url), post('/a'), limits());
      const again = await http1Exchange(http1Origin(url), post('/b'), limits());
      expect(again.body.toString()).toBe('ok');
      expect([requests, connections.length]).toEqual([3, 2]);
    } finally {
      await close(server, connections);
    }
  });

  it('stops at its timeout or when its signal aborts, and closes the connection', async () => {
    // a server that reads requests and never answers
    const { server, url, connections } = await listen(createNetServer((socket) => socket.resume()));
    try {
      const started = Date.now();
      await expect(http1Exchange(http1Origin(url), post('/slow'), limits({ timeoutMs: 100 }))).rejects.toThrow(new Stopped('timeout'));
      expect(Date.now() - started).toBeLessThan(2000);
      const caller = new AbortController();
      setTimeout(() => caller.abort(), 50);
      await expect(http1Exchange(http1Origin(url), post('/slow'), limits({ signal: caller.signal }))).rejects.toThrow(new Stopped('aborted'));
      await expect(http1Exchange(http1Origin(url), post('/slow'), limits({ signal: AbortSignal.abort() }))).rejects.toThrow(new Stopped('aborted'));
      await until(() => connections.every((s) => s.destroyed || s.readableEnded));
      expect(connections).toHaveLength(2);
      expect(connections.every((s) => s.destroyed || s.readableEnded)).toBe(true);
    } finally {
      await close(server, connections);
    }
  });

  it('refuses an answer larger than the caller takes, an unreachable server, and a header that would end the head early', async () => {
    const { server, url } = await listen(createServer((_req, res) => res.end('x'.repeat(5000))));
    try {
      await expect(http1Exchange(http1Origin(url), post('/big'), limits({ maxBodyBytes: 4096 }))).rejects.toThrow(AnswerTooLargeError);
      await expect(http1Exchange(http1Origin(url), { method: 'GET', path: '/', headers: { 'x-a': 'b\r\nx-injected: 1' } }, limits())).rejects.toThrow(TypeError);
      await expect(http1Exchange(http1Origin(url), { method: 'GET', path: '/a b', headers: {} }, limits())).rejects.toThrow(TypeError);
    } finally {
      await close(server);
    }
    await expect(http1Exchange(http1Origin(url), post('/gone'), limits())).rejects.toThrow(/ECONNREFUSED/);
  });

  it('speaks TLS to https origins and refuses a certificate it cannot verify', async () => {
    let dir: string | undefined;
    try {
      dir = mkdtempSync(join(tmpdir(), 'http1-tls-'));
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], {
        stdio: 'ignore',
      });
    } catch {
      if (dir) rmSync(dir, { recursive: true, force: true });
      return; // no openssl on this machine: the TLS path is covered where there is one
    }
    const https = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => res.end('{}'));
    const { server, url, connections } = await listen(https);
    try {
      const secure = http1Origin(new URL(`https://localhost:${url.port}`));
      await expect(http1Exchange(secure, post('/q'), limits())).rejects.toThrow(/self[- ]signed/i);
      expect(connections).toHaveLength(1);
    } finally {
      await close(server);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
