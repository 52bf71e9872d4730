import { wireQuoteResponseSchema } from '@lib/providers';
import { createSandboxServer } from '../../apps/sandbox/src/sandbox-server';
import { control, http, postQuote, quoteRequest, startSandbox, type RunningSandbox } from './sandbox-test-kit';

describe('sandbox faults and latency', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ faults: 'lantern:error' });
  });
  afterEach(() => http('POST', `${sandbox.baseUrl}/__control/reset`));
  afterAll(() => sandbox.close());

  it('starts with the faults it was given', async () => {
    const res = await postQuote(sandbox, 'lantern', quoteRequest());
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('insurer_unavailable');
    expect((await postQuote(sandbox, 'dune', quoteRequest())).status).toBe(200);
  });

  it('switches an insurer to error, then back, at run time', async () => {
    expect((await control(sandbox, 'dune', { fault: 'error' })).body).toMatchObject({ code: 'dune', fault: 'error' });
    expect((await postQuote(sandbox, 'dune', quoteRequest())).status).toBe(500);
    // Faults apply to every motor route of the insurer, photos included.
    expect((await http('POST', `${sandbox.baseUrl}/insurers/dune/motor/photos`, {})).status).toBe(500);
    await control(sandbox, 'dune', { fault: 'none' });
    expect((await postQuote(sandbox, 'dune', quoteRequest())).status).toBe(200);
  });

  it('answers 200 with a body that breaks the contract when malformed', async () => {
    await control(sandbox, 'palm', { fault: 'malformed' });
    const res = await postQuote(sandbox, 'palm', quoteRequest());
    expect(res.status).toBe(200);
    expect(wireQuoteResponseSchema.safeParse(res.body).success).toBe(false);
  });

  it('never answers when set to timeout', async () => {
    await control(sandbox, 'oryx', { fault: 'timeout' });
    const started = Date.now();
    await expect(postQuote(sandbox, 'oryx', quoteRequest(), AbortSignal.timeout(400))).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });

  it('waits the configured latency before answering', async () => {
    await control(sandbox, 'pearl', { latency_ms: 400 });
    const started = Date.now();
    expect((await postQuote(sandbox, 'pearl', quoteRequest())).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
  });

  it('resets faults and latencies to the start-up settings', async () => {
    await control(sandbox, 'dune', { fault: 'error', latency_ms: 1000 });
    const reset = await http('POST', `${sandbox.baseUrl}/__control/reset`);
    expect(reset.body.insurers.dune.fault).toBe('none');
    expect(reset.body.insurers.dune.latency_ms).toBeLessThanOrEqual(20);
    expect(reset.body.insurers.lantern.fault).toBe('error');
  });

  it('validates control input', async () => {
    expect((await control(sandbox, 'dune', { fault: 'explode' })).status).toBe(422);
    expect((await control(sandbox, 'dune', {})).status).toBe(422);
    expect((await control(sandbox, 'nobody', { fault: 'error' })).status).toBe(404);
  });

  it('closes even with a request hanging on a timeout fault', async () => {
    const other = await startSandbox({ faults: 'dune:timeout' });
    const arrived = new Promise((r) => other.app.server.once('request', r));
    const hanging = postQuote(other, 'dune', quoteRequest()).then(
      () => 'answered',
      () => 'connection closed',
    );
    await arrived; // the request is in the sandbox, which will never answer it
    // a close that waited for it would never end (the test's timeout would fail it), whatever the machine's load
    await other.close();
    expect(await hanging).toBe('connection closed');
  });

  it('uses realistic latencies by default and refuses unknown insurers in its options', async () => {
    const app = createSandboxServer();
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/__control/insurers' });
    const latencies = Object.values(res.json().insurers as Record<string, { latency_ms: number }>).map((b) => b.latency_ms);
    for (const l of latencies) expect(l).toBeGreaterThanOrEqual(500);
    for (const l of latencies) expect(l).toBeLessThanOrEqual(3000);
    await app.close();
    expect(() => createSandboxServer({ faults: 'nobody:error' })).toThrow(/nobody/);
    expect(() => createSandboxServer({ insurers: { nobody: { latency_ms: 1 } } })).toThrow(/nobody/);
  });
});
