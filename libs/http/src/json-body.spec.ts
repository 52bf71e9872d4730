import Fastify from 'fastify';
import { JsonBody, serveJsonBodies } from './json-body';

describe('JsonBody.fromParts', () => {
  const large = (n: number) => ({ items: Array.from({ length: 2000 }, (_, i) => ({ i, n, name: `الكثبان ${n}` })) });
  const parts = (value: unknown) => [Buffer.from(JSON.stringify(value))];

  it("sends a large answer from a pooled buffer, given back once it was sent and taken by the next answer, each answer's own bytes only", async () => {
    const app = Fastify();
    serveJsonBodies(app);
    const bodies: JsonBody[] = [];
    app.get('/page/:n', async (req) => {
      const body = JsonBody.fromParts(parts(large(Number((req.params as { n: string }).n))));
      bodies.push(body);
      return body;
    });
    const first = await app.inject({ method: 'GET', url: '/page/1' });
    expect(first.json()).toEqual(large(1));
    expect(first.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(large(1)))));
    const second = await app.inject({ method: 'GET', url: '/page/22' });
    expect(second.json()).toEqual(large(22));
    expect(bodies[0].pooled).not.toBeNull();
    // the first answer was sent: its buffer served the second
    expect(bodies[1].pooled).toBe(bodies[0].pooled);
    // answers in flight at once each have their own
    const [a, b] = await Promise.all([app.inject({ method: 'GET', url: '/page/3' }), app.inject({ method: 'GET', url: '/page/4' })]);
    expect([a.json(), b.json()]).toEqual([large(3), large(4)]);
    expect(bodies[2].pooled).not.toBe(bodies[3].pooled);
    await app.close();
  });

  it('sends a small answer from a buffer of its own, and gives the value back for whoever stores it', () => {
    const body = JsonBody.fromParts(parts({ id: 1, name: 'الكثبان' }));
    expect(body.pooled).toBeNull();
    expect(body.toJSON()).toEqual({ id: 1, name: 'الكثبان' });
  });
});
