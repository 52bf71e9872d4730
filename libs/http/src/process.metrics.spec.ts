import { Registry } from 'prom-client';
import { collectProcessMetrics, EVENT_LOOP_SAMPLE_MS } from './process.metrics';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
const stall = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};

describe('collectProcessMetrics', () => {
  it("gives the event loop's delay alone, sampled every 100 ms: a stall shows, the sampling interval does not", async () => {
    const registry = new Registry();
    collectProcessMetrics(registry);
    // a few samples of an idle loop first (Node's histogram records from its second sample on)
    await wait(EVENT_LOOP_SAMPLE_MS * 6);
    // 1.2 s: the first sample due within the stall may fall up to one interval after it began
    stall(1200);
    await wait(EVENT_LOOP_SAMPLE_MS * 2);
    const text = await registry.metrics();

    // the sample due within the stall was taken at least 900 ms late
    expect(gauge(text, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0.9);
    // the 100 ms between samples is not counted as delay: with it, no sample reads under about 0.1 s (a loaded machine
    // makes samples later: only every one of the idle loop's samples 50 ms late could fail this)
    expect(gauge(text, 'nodejs_eventloop_lag_min_seconds')).toBeLessThan(0.05);
    // each statistic once, and prom-client's other process metrics still there
    for (const stat of ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99']) {
      expect(text.match(new RegExp(`^nodejs_eventloop_lag_${stat}_seconds `, 'gm'))).toHaveLength(1);
    }
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);

    // the next scrape covers only what came after this one (the stall's 0.9 s and more are gone; a busy machine's pauses are
    // far shorter than that)
    await wait(EVENT_LOOP_SAMPLE_MS * 3);
    expect(gauge(await registry.metrics(), 'nodejs_eventloop_lag_max_seconds')).toBeLessThan(0.9);
  });
});
