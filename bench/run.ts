/**
 * npm run bench: the platform's benchmarks (docs/benchmarks.md), one file per scenario in bench/scenarios/, their
 * shared helpers in bench/support/. The load comes from separate processes (bench/support/load-worker.ts), as a real
 * client's would.
 *
 * `npm run bench` runs the default set (policy-read, family-read, fan-out, progressive, lists, memory, due-events) and writes
 * bench/results/latest.json and latest.md (not committed: the results of a run, kept as CI keeps an artifact);
 * BENCH_ONLY=policy-read,lists runs only those and writes the files with them alone; `npm run bench -- <scenario>`
 * runs any one scenario and only prints it. All run on PostgreSQL and Redis (DATABASE_URL / REDIS_URL, default the
 * local ones): the embedded PGlite runs its WASM on the event loop, which is right for a single developer but not
 * what these targets measure. Requests go to 127.0.0.1 only; every loop is bounded in count and time.
 */
import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import globalSetup from '../test/support/global-setup';
import globalTeardown from '../test/support/global-teardown';
import { projectRoot } from '../libs/db/src';
import { fanOutComparison, fanOutScenario, fanOutScenarioMarkdown } from './scenarios/fan-out';
import { progressiveScenario, progressiveScenarioMarkdown } from './scenarios/progressive';
import { policyReadScenario, policyReadScenarioMarkdown } from './scenarios/policy-read';
import { familyReadScenario, familyReadScenarioMarkdown } from './scenarios/family-read';
import { requestLogScenario } from './scenarios/request-log';
import { listsScenario, listsScenarioMarkdown } from './scenarios/lists';
import { dueEventsScenario, dueEventsScenarioMarkdown } from './scenarios/due-events';
import { memoryScenario, memoryScenarioMarkdown, postgresLoadedMemoryScenario } from './scenarios/memory';

interface Scenario {
  run(): Promise<unknown>;
  /** Its key in latest.json and its section of latest.md, for the scenarios `npm run bench` runs by default. */
  results?: { key: string; markdown(result: never): string[] };
}

const scenario = <T>(run: () => Promise<T>, results?: { key: string; markdown(result: T): string[] }): Scenario => ({ run, results });

/** Every scenario by its name on the command line; the default set, in the order it runs, is those with `results`. */
const SCENARIOS: Record<string, Scenario> = {
  // the read first: the fan-out leaves thousands of rows and a large heap behind it in this process
  'policy-read': scenario(policyReadScenario, { key: 'policy_read', markdown: policyReadScenarioMarkdown }),
  'family-read': scenario(familyReadScenario, { key: 'family_read', markdown: familyReadScenarioMarkdown }),
  'fan-out': scenario(fanOutScenario, { key: 'fan_out', markdown: fanOutScenarioMarkdown }),
  progressive: scenario(progressiveScenario, { key: 'progressive_quotes', markdown: progressiveScenarioMarkdown }),
  lists: scenario(listsScenario, { key: 'lists', markdown: listsScenarioMarkdown }),
  memory: scenario(memoryScenario, { key: 'memory', markdown: memoryScenarioMarkdown }),
  'due-events': scenario(dueEventsScenario, { key: 'due_events', markdown: dueEventsScenarioMarkdown }),
  'fan-out-ab': scenario(fanOutComparison),
  'request-log': scenario(requestLogScenario),
  'memory-postgres': scenario(postgresLoadedMemoryScenario),
};

const DEFAULT_SET = Object.keys(SCENARIOS).filter((name) => SCENARIOS[name].results);

async function main() {
  const started = new Date().toISOString();
  process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
  process.env.REDIS_URL ??= 'redis://127.0.0.1:6379/0';
  const only = process.argv[2];
  if (only) {
    const one = SCENARIOS[only];
    if (!one) throw new Error(`unknown scenario ${only} (one of ${Object.keys(SCENARIOS).join(', ')})`);
    await globalSetup();
    const result = await one.run().finally(() => globalTeardown());
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  const selected = (process.env.BENCH_ONLY ?? DEFAULT_SET.join(',')).split(',').map((s) => s.trim());
  const unknown = selected.filter((name) => !SCENARIOS[name]?.results);
  if (unknown.length) throw new Error(`BENCH_ONLY names ${unknown.join(', ')}: not among ${DEFAULT_SET.join(', ')}`);
  await globalSetup();
  const result: Record<string, unknown> = { started, node: process.version, only: process.env.BENCH_ONLY ?? null };
  const md = [`# Benchmarks (${started}, Node ${process.version}${process.env.BENCH_ONLY ? `, BENCH_ONLY=${process.env.BENCH_ONLY}` : ''})`, ''];
  try {
    for (const name of DEFAULT_SET.filter((n) => selected.includes(n))) {
      const { run, results } = SCENARIOS[name];
      const r = await run();
      result[results!.key] = r;
      md.push(...results!.markdown(r as never));
    }
  } finally {
    await globalTeardown();
  }
  const dir = join(projectRoot(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
  writeFileSync(join(dir, 'latest.md'), md.join('\n'));
  process.stdout.write(md.join('\n'));
}

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`${(e as Error).stack}\n`);
    process.exit(1);
  },
);
