import { InsurerBehaviourStore, parseFaults, profileLatency } from './insurer-behaviour.store';

describe('parseFaults', () => {
  it('reads the SANDBOX_FAULTS list', () => {
    expect(parseFaults(' dune:timeout, palm:error ,oryx:malformed', ['dune', 'palm', 'oryx'])).toEqual({ dune: 'timeout', palm: 'error', oryx: 'malformed' });
    expect(parseFaults('', ['dune'])).toEqual({});
  });

  it('fails on unknown insurers or faults', () => {
    expect(() => parseFaults('nobody:error', ['dune'])).toThrow(/unknown insurer/);
    expect(() => parseFaults('dune:explode', ['dune'])).toThrow(/unknown fault/);
  });
});

describe('profileLatency', () => {
  const codes = ['dune', 'palm', 'oryx', 'compass', 'lantern', 'caravan', 'pearl', 'summit', 'naseem'];

  it('keeps realistic latencies between 500 and 3000 ms, stable and varied', () => {
    const latencies = codes.map((c) => profileLatency(c, 'realistic'));
    for (const l of latencies) expect(l).toBeGreaterThanOrEqual(500);
    for (const l of latencies) expect(l).toBeLessThanOrEqual(3000);
    expect(codes.map((c) => profileLatency(c, 'realistic'))).toEqual(latencies);
    expect(new Set(latencies).size).toBeGreaterThan(codes.length / 2);
  });

  it('keeps fast latencies within 20 ms', () => {
    for (const c of codes) expect(profileLatency(c, 'fast')).toBeLessThanOrEqual(20);
  });
});

describe('InsurerBehaviourStore', () => {
  it('patches one insurer and resets to the start-up settings', () => {
    const store = new InsurerBehaviourStore(new Map([['dune', { latency_ms: 10, fault: 'none' as const }]]));
    expect(store.patch('dune', { fault: 'error' })).toEqual({ latency_ms: 10, fault: 'error' });
    expect(store.patch('nobody', { fault: 'error' })).toBeNull();
    store.reset();
    expect(store.get('dune')).toEqual({ latency_ms: 10, fault: 'none' });
  });
});
