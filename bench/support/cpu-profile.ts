import { Session } from 'node:inspector/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * With BENCH_CPU_PROFILE=<dir>, runs `measured` under V8's sampling profiler and writes `<dir>/<name>.cpuprofile`
 * (open it in Chrome's DevTools or speedscope): the CPU of the measured phase alone, without start-up and warm-up.
 * Without it, runs `measured` as it is.
 */
export async function profiled<T>(name: string, measured: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return measured();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await measured();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}
