import { getEventListeners } from 'node:events';
import Fastify from 'fastify';
import { simulateInsurer } from './insurer-simulation';

describe('simulateInsurer, fault "timeout"', () => {
  it('holds the connection open until the caller leaves, then no longer listens to the server lifecycle', async () => {
    const lifecycle = new AbortController();
    const app = Fastify();
    let settled = 0;
    app.get('/hung', async (_request, reply) => {
      await simulateInsurer({ latency_ms: 0, fault: 'timeout' }, reply, lifecycle.signal);
      settled += 1;
      return reply;
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const calls = Array.from({ length: 12 }, () =>
        fetch(`${url}/hung`, { signal: AbortSignal.timeout(300) }).then(
          () => 'answered',
          (e: Error) => e.name,
        ),
      );
      expect(await Promise.all(calls)).toEqual(Array(12).fill('TimeoutError'));
      // the handlers finish once the closed connections are seen
      for (let i = 0; i < 500 && settled < 12; i++) await new Promise((r) => setTimeout(r, 20));
      expect(settled).toBe(12);
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
      for (let i = 0; i < 500 && getEventListeners(lifecycle.signal, 'abort').length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      lifecycle.abort();
      expect(await call).toBe('connection closed');
      expect(settled).toBe(true);
    } finally {
      await app.close();
    }
  });
});
