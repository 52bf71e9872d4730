import { getEventListeners } from 'node:events';
import Fastify from 'fastify';
import { simulateInsurer } from './insurer-simulation';

/** Polls until the condition holds; the test's own timeout bounds the wait. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 10));
}

describe('simulateInsurer, fault "timeout"', () => {
  it('holds the connection open until the caller leaves, then no longer listens to the server lifecycle', async () => {
    const lifecycle = new AbortController();
    const app = Fastify();
    let entered = 0;
    let settled = 0;
    app.get('/hung', async (_request, reply) => {
      entered += 1;
      await simulateInsurer({ latency_ms: 0, fault: 'timeout' }, reply, lifecycle.signal);
      settled += 1;
      return reply;
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // Callers leave only once every request reached its handler: a caller that left before its request
      // arrived (a busy machine) would never start a handler to settle.
      const callers = Array.from({ length: 12 }, () => new AbortController());
      const calls = callers.map((caller) =>
        fetch(`${url}/hung`, { signal: caller.signal }).then(
          () => 'answered',
          (e: Error) => e.name,
        ),
      );
      await until(() => entered === 12);
      expect(settled).toBe(0);
      for (const caller of callers) caller.abort();
      expect(await Promise.all(calls)).toEqual(Array(12).fill('AbortError'));
      // the handlers finish once the closed connections are seen
      await until(() => settled === 12);
      expect(getEventListeners(lifecycle.signal, 'abort')).toHaveLength(0);
    } finally {
      await app.close();
    }
  });

  it('lets a hung request go when the sandbox stops', async () => {
    const lifecycle = new AbortController();
    const app = Fastify();
    let settled = false;
    app.get('/hung', async (_request, reply) => {
      await simulateInsurer({ latency_ms: 0, fault: 'timeout' }, reply, lifecycle.signal);
      settled = true;
      return reply;
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const call = fetch(`${url}/hung`).then(
        () => 'answered',
        () => 'connection closed',
      );
      await until(() => getEventListeners(lifecycle.signal, 'abort').length > 0);
      lifecycle.abort();
      expect(await call).toBe('connection closed');
      expect(settled).toBe(true);
    } finally {
      await app.close();
    }
  });
});
