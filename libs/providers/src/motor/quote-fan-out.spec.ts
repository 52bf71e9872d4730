import { MotorProviderError } from './motor-provider.error';
import type { MotorInsurer, MotorProvider, MotorQuoteResult, MotorRisk } from './motor-provider.port';
import { allFailed, fanOutQuotes, type InsurerQuoteOutcome } from './quote-fan-out';

const insurer = (code: string): MotorInsurer => ({ code, nameEn: code, nameAr: code, logoUrl: null, squareLogoUrl: null, products: ['TPL'] });
const risk = {} as MotorRisk;
const quoted: MotorQuoteResult = {
  status: 'quoted',
  offers: [
    {
      providerReference: 'r',
      type: 'TPL',
      productNameEn: 'TPL',
      productNameAr: 'TPL',
      fixType: '',
      vehicleEstimatedValue: null,
      validUntil: new Date(0),
      prices: [{ providerReference: 'p', deductible: null, netPremium: 90_000 }],
      benefits: [],
    },
  ],
};

/** Behaviour per insurer code, so each test states what every insurer does. */
function fakeProvider(behaviour: Record<string, () => Promise<MotorQuoteResult> | MotorQuoteResult>): MotorProvider {
  return {
    listInsurers: async () => [],
    quote: (code) => Promise.resolve(behaviour[code]()),
    registerCustomsVehicle: () => Promise.reject(new Error('unused')),
    submitVehiclePhotos: () => Promise.reject(new Error('unused')),
    issuePolicy: () => Promise.reject(new Error('unused')),
  } as MotorProvider;
}

const never = () => new Promise<MotorQuoteResult>(() => undefined);

describe('fanOutQuotes', () => {
  it('bounds a provider that ignores its abort signal by the insurer timeout', async () => {
    const provider = fakeProvider({ a: () => quoted, b: never });
    const started = Date.now();
    const outcomes = await fanOutQuotes(provider, [insurer('a'), insurer('b')], risk, { perInsurerTimeoutMs: 100, deadlineMs: 5000 });
    expect(Date.now() - started).toBeLessThan(4000); // well before the 5000 ms that would otherwise end it
    expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'timeout']);
    expect(outcomes[1].error).toMatch(/100 ms/);
  });

  it('stops everything still running at the deadline', async () => {
    const provider = fakeProvider({ a: never, b: never });
    const outcomes = await fanOutQuotes(provider, [insurer('a'), insurer('b')], risk, { perInsurerTimeoutMs: 5000, deadlineMs: 80 });
    expect(outcomes.map((o) => [o.outcome, o.error])).toEqual([
      ['timeout', 'Still running at the 80 ms deadline.'],
      ['timeout', 'Still running at the 80 ms deadline.'],
    ]);
  });

  it("stops every call still running when the caller's signal aborts", async () => {
    const provider = fakeProvider({ a: () => quoted, b: never });
    const caller = new AbortController();
    const started = Date.now();
    const pending = fanOutQuotes(provider, [insurer('a'), insurer('b')], risk, { perInsurerTimeoutMs: 5000, deadlineMs: 5000, signal: caller.signal });
    setTimeout(() => caller.abort(), 30);
    const outcomes = await pending;
    expect(Date.now() - started).toBeLessThan(4000); // well before the 5000 ms that would otherwise end it
    expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'timeout']);
  });

  it('survives a provider that throws synchronously or rejects, and keeps a provider timeout a timeout', async () => {
    const provider = fakeProvider({
      a: () => {
        throw new Error('boom');
      },
      b: () => Promise.reject(new MotorProviderError('timeout', 'slow')),
      c: () => ({ status: 'declined', reasonCode: 'value_above_cap', reason: 'too dear' }),
    });
    const outcomes = await fanOutQuotes(provider, [insurer('a'), insurer('b'), insurer('c')], risk, { perInsurerTimeoutMs: 500, deadlineMs: 500 });
    expect(outcomes.map((o) => o.outcome)).toEqual(['error', 'timeout', 'declined']);
    expect(outcomes[0].error).toBe('boom');
    expect(outcomes[2].decline).toEqual({ code: 'value_above_cap', reason: 'too dear' });
  });

  it('passes each call an abort signal that fires when the insurer times out', async () => {
    let seen: AbortSignal | undefined;
    const provider: MotorProvider = {
      ...fakeProvider({}),
      quote: (_code, _risk, options) => {
        seen = options?.signal;
        return never();
      },
    };
    await fanOutQuotes(provider, [insurer('a')], risk, { perInsurerTimeoutMs: 50, deadlineMs: 1000 });
    expect(seen?.aborted).toBe(true);
  });

  it('tells each outcome as it is known, in arrival order with its insurer index, and survives a throwing listener', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const provider = fakeProvider({
      slow: async () => (await gate, quoted),
      fast: () => quoted,
      declines: () => ({ status: 'declined', reasonCode: 'x', reason: 'no' }),
    });
    const seen: Array<[string, number]> = [];
    const pending = fanOutQuotes(provider, [insurer('slow'), insurer('fast'), insurer('declines')], risk, {
      perInsurerTimeoutMs: 5000,
      deadlineMs: 5000,
      onOutcome: (o, i) => {
        seen.push([o.insurer.code, i]);
        if (o.insurer.code === 'fast') throw new Error('listener bug');
      },
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([
      ['fast', 1],
      ['declines', 2],
    ]);
    release();
    const outcomes = await pending;
    expect(seen).toEqual([
      ['fast', 1],
      ['declines', 2],
      ['slow', 0],
    ]);
    expect(outcomes.map((o) => o.insurer.code)).toEqual(['slow', 'fast', 'declines']);
    // what the listener took comes back without its offers; what it threw on, whole
    expect(outcomes.map((o) => [o.outcome, o.offers.length])).toEqual([
      ['ok', 0],
      ['ok', 1],
      ['declined', 0],
    ]);
  });

  it('returns the offers whole when nobody listens', async () => {
    const outcomes = await fanOutQuotes(fakeProvider({ a: () => quoted }), [insurer('a')], risk, { perInsurerTimeoutMs: 500, deadlineMs: 500 });
    expect(outcomes[0].offers).toEqual(quoted.offers);
  });
});

describe('allFailed', () => {
  const outcome = (kind: InsurerQuoteOutcome['outcome']): InsurerQuoteOutcome => ({ insurer: insurer(kind), outcome: kind, latency_ms: 1, offers: [] });

  it('is true only when every insurer errored or timed out', () => {
    expect(allFailed([outcome('error'), outcome('timeout')])).toBe(true);
    expect(allFailed([outcome('error'), outcome('declined')])).toBe(false);
    expect(allFailed([outcome('error'), outcome('ok')])).toBe(false);
    expect(allFailed([outcome('declined')])).toBe(false);
    expect(allFailed([])).toBe(false);
  });
});
