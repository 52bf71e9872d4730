import { allFailed, fanOutQuotes, HttpMotorProvider, type MotorInsurer } from '@lib/providers';
import { control, http, motorRisk, OWNER_ID, SECOND_DRIVER_ID, startSandbox, type RunningSandbox } from './sandbox-test-kit';

describe('fanOutQuotes against the sandbox', () => {
  let sandbox: RunningSandbox;
  let provider: HttpMotorProvider;
  let insurers: MotorInsurer[];
  const timing = { perInsurerTimeoutMs: 3000, deadlineMs: 8000 };

  beforeAll(async () => {
    sandbox = await startSandbox();
    provider = new HttpMotorProvider({ baseUrl: sandbox.baseUrl });
    insurers = await provider.listInsurers();
  });
  afterEach(() => http('POST', `${sandbox.baseUrl}/__control/reset`));
  afterAll(() => sandbox.close());

  const byCode = (outcomes: Awaited<ReturnType<typeof fanOutQuotes>>) => Object.fromEntries(outcomes.map((o) => [o.insurer.code, o]));

  it('returns one ok outcome with offers per insurer, in order', async () => {
    const outcomes = await fanOutQuotes(provider, insurers, motorRisk(), timing);
    expect(outcomes.map((o) => o.insurer.code)).toEqual(insurers.map((i) => i.code));
    for (const o of outcomes) {
      expect(o.outcome).toBe('ok');
      expect(o.offers.length).toBeGreaterThan(0);
      expect(o.latency_ms).toBeGreaterThanOrEqual(0);
    }
    expect(allFailed(outcomes)).toBe(false);
  });

  it('cuts a slow insurer at its timeout without waiting for it', async () => {
    // ten minutes: the fan-out returning at all (within the test's timeout) shows it did not wait for dune
    await control(sandbox, 'dune', { latency_ms: 600_000 });
    const started = Date.now();
    // a timeout the other insurers meet even on a busy machine: only dune may be cut
    const outcomes = byCode(await fanOutQuotes(provider, insurers, motorRisk(), { perInsurerTimeoutMs: 3000, deadlineMs: 600_000 }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(2980);
    expect(outcomes.dune).toMatchObject({ outcome: 'timeout', offers: [] });
    expect(outcomes.dune.latency_ms).toBeGreaterThanOrEqual(2980);
    for (const code of Object.keys(outcomes).filter((c) => c !== 'dune')) expect(outcomes[code].outcome).toBe('ok');
  });

  it('treats a hanging insurer as a timeout', async () => {
    await control(sandbox, 'oryx', { fault: 'timeout' });
    const outcomes = byCode(await fanOutQuotes(provider, insurers, motorRisk(), timing));
    expect(outcomes.oryx.outcome).toBe('timeout');
    expect(outcomes.dune.outcome).toBe('ok');
  });

  it('reports an erroring and a malformed insurer as errors, the rest unaffected', async () => {
    await control(sandbox, 'palm', { fault: 'error' });
    await control(sandbox, 'pearl', { fault: 'malformed' });
    const outcomes = byCode(await fanOutQuotes(provider, insurers, motorRisk(), timing));
    expect(outcomes.palm).toMatchObject({ outcome: 'error', offers: [], error: expect.stringMatching(/HTTP 500/) });
    expect(outcomes.pearl).toMatchObject({ outcome: 'error', offers: [], error: expect.stringMatching(/broke the contract/) });
    expect(Object.values(outcomes).filter((o) => o.outcome === 'ok')).toHaveLength(insurers.length - 2);
    expect(allFailed(Object.values(outcomes))).toBe(false);
  });

  it('says all failed when every insurer errors or times out', async () => {
    for (const [i, insurer] of insurers.entries()) await control(sandbox, insurer.code, { fault: i % 2 === 0 ? 'error' : 'timeout' });
    const outcomes = await fanOutQuotes(provider, insurers, motorRisk(), { perInsurerTimeoutMs: 300, deadlineMs: 8000 });
    expect(new Set(outcomes.map((o) => o.outcome))).toEqual(new Set(['error', 'timeout']));
    expect(allFailed(outcomes)).toBe(true);
  });

  it('treats all declines as an empty answer, not a failure', async () => {
    const young = motorRisk({
      drivers: [
        { id: OWNER_ID, age: 45, drivingPercentage: 50 },
        { id: SECOND_DRIVER_ID, age: 19, drivingPercentage: 50 },
      ],
    });
    const outcomes = await fanOutQuotes(provider, insurers, young, timing);
    for (const o of outcomes) expect(o).toMatchObject({ outcome: 'declined', offers: [], decline: { code: 'driver_under_age' } });
    expect(allFailed(outcomes)).toBe(false);
  });

  it('ends at the overall deadline, marking insurers still running as timeout', async () => {
    // only the deadline can end caravan's ten minutes here: the per-insurer timeout is as long
    await control(sandbox, 'caravan', { latency_ms: 600_000 });
    const started = Date.now();
    const outcomes = byCode(await fanOutQuotes(provider, insurers, motorRisk(), { perInsurerTimeoutMs: 600_000, deadlineMs: 500 }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(480);
    expect(outcomes.caravan).toMatchObject({ outcome: 'timeout', error: expect.stringMatching(/deadline/) });
    expect(outcomes.dune.outcome).toBe('ok');
  });
});
