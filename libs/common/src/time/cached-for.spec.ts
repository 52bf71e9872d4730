import { CachedFor } from './cached-for';
import { ManualClock } from './clock';

describe('CachedFor', () => {
  const setup = () => {
    const clock = new ManualClock('2026-11-25T09:00:00.000Z');
    let calls = 0;
    let fail = false;
    const cache = new CachedFor(
      clock,
      60_000,
      async () => {
        calls++;
        if (fail) throw new Error('down');
        return `v${calls}`;
      },
      () => new Error('nothing cached'),
    );
    return { clock, cache, calls: () => calls, failFromNow: () => (fail = true) };
  };

  it('loads once per period of the clock', async () => {
    const s = setup();
    expect(await s.cache.get()).toBe('v1');
    s.clock.advance(59_999);
    expect(await s.cache.get()).toBe('v1');
    expect(s.calls()).toBe(1);
    s.clock.advance(1);
    expect(await s.cache.get()).toBe('v2');
  });

  it('keeps serving the last good value while a refresh fails, and tries again on each call after the period', async () => {
    const s = setup();
    await s.cache.get();
    s.failFromNow();
    s.clock.advance(60_000);
    expect(await s.cache.get()).toBe('v1');
    expect(await s.cache.get()).toBe('v1');
    expect(s.calls()).toBe(3);
  });

  it('answers the unavailable error when the first load fails', async () => {
    const s = setup();
    s.failFromNow();
    await expect(s.cache.get()).rejects.toThrow('nothing cached');
  });
});
