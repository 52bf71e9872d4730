import { monitorEventLoopDelay } from 'node:perf_hooks';
import { collectDefaultMetrics, Gauge, type Registry } from 'prom-client';

/**
 * How often the event loop's delay is sampled, in ms. prom-client samples every 10 ms, which woke an idle API a hundred
 * times a second: 10 ms of CPU a second with nothing to do, on the bench's machine (1.5 ms at 100). A stall is caught
 * whenever a sample falls due within it: every stall of 100 ms or more shows, a shorter one in proportion to its length.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

/** The delay's statistics, as prom-client names them (nodejs_eventloop_lag_<statistic>_seconds). */
const STATISTICS = ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99'] as const;
const delayGaugeName = (stat: string) => `nodejs_eventloop_lag_${stat}_seconds`;

/**
 * prom-client's default metrics of the process (CPU, memory, heap, handles, GC, the loop's lag at scrape time), with
 * the event loop's delay since the last scrape under prom-client's names, sampled every EVENT_LOOP_SAMPLE_MS.
 * prom-client's own delay gauges cannot be sampled less often without changing what they mean: Node's histogram
 * records the time between samples, interval included, and they report it as it is (at 100 ms, a tenth of a second of
 * delay on an idle API). These give the delay alone. prom-client still starts its histogram: once an hour, unread.
 */
export function collectProcessMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 3_600_000 });
  for (const stat of STATISTICS) registry.removeSingleMetric(delayGaugeName(stat));

  const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_SAMPLE_MS });
  histogram.enable();
  const delay = (ns: number) => (histogram.count === 0 ? 0 : Math.max(0, ns - EVENT_LOOP_SAMPLE_MS * 1e6) / 1e9);
  const read: Record<(typeof STATISTICS)[number], () => number> = {
    min: () => delay(histogram.min),
    max: () => delay(histogram.max),
    mean: () => delay(histogram.mean),
    stddev: () => (histogram.count === 0 ? 0 : histogram.stddev / 1e9),
    p50: () => delay(histogram.percentile(50)),
    p90: () => delay(histogram.percentile(90)),
    p99: () => delay(histogram.percentile(99)),
  };
  const gauges: Gauge[] = STATISTICS.map(
    (stat, i) =>
      new Gauge({
        name: delayGaugeName(stat),
        help: `The ${stat} of the event loop's delays since the last scrape, sampled every ${EVENT_LOOP_SAMPLE_MS} ms.`,
        registers: [registry],
        // a scrape collects the gauges in the order registered: the first reads every statistic of one window, then
        // starts the next
        ...(i === 0 && {
          collect: () => {
            STATISTICS.forEach((s, j) => gauges[j].set(read[s]()));
            histogram.reset();
          },
        }),
      }),
  );
}
