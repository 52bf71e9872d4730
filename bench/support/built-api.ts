import { spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { projectRoot } from '../../libs/db/src';

const READY_TIMEOUT_MS = 180_000;

/**
 * Settings the bench adds to the built API's environment: none of its own, since scripts/start.sh (what `npm start` and
 * the Docker image run) sets the malloc and V8 settings. BENCH_API_ENV (a JSON object) adds to the environment, to
 * compare settings: BENCH_API_ENV='{"HEAP_GROWTH_PERCENT":"0","MALLOC_ARENA_MAX":"8"}'.
 */
export const RUN_ENV: Record<string, string> = JSON.parse(process.env.BENCH_API_ENV ?? '{}') as Record<string, string>;

/**
 * Node options added after start.sh's own (a later V8 flag wins): BENCH_API_ARGS (a JSON array), to look inside the
 * built API under load or compare settings (BENCH_API_ARGS='["--trace-gc"]', '["--max-semi-space-size=8"]',
 * '["--no-single-threaded-gc"]'). BENCH_API_STDOUT names a file its standard output goes to.
 */
const RUN_ARGS = JSON.parse(process.env.BENCH_API_ARGS ?? '[]') as string[];

/**
 * Starts the built API as `npm start` runs it (scripts/start.sh, which execs node: `use` gets node's pid) with `env` and
 * nothing else, waits until ready, runs `use` with its pid, stops it. `root`: the checkout whose build runs (this one's
 * unless another is compared with it).
 */
export async function withBuiltApi<T>(
  env: Record<string, string | undefined>,
  port: number,
  use: (pid: number) => Promise<T>,
  root = projectRoot(),
): Promise<T> {
  // the child has its own copy of the file's descriptor: this process closes its own once the child has it
  const stdout = process.env.BENCH_API_STDOUT ? openSync(process.env.BENCH_API_STDOUT, 'w') : undefined;
  const child = spawn('sh', [join(root, 'scripts', 'start.sh'), ...RUN_ARGS], {
    // start.sh runs `node` from the PATH: this process's own, whatever the caller's PATH holds first
    env: { ...env, PATH: `${dirname(process.execPath)}:${env.PATH ?? ''}` },
    stdio: stdout === undefined ? 'ignore' : ['ignore', stdout, 'ignore'],
    detached: true,
  });
  if (stdout !== undefined) closeSync(stdout);
  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await ready(port))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the built API did not become ready');
      await new Promise((r) => setTimeout(r, 500));
    }
    return await use(child.pid!);
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

/** Resident memory of process `pid`, in MB. */
export function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
  return Math.round(kb / 1024);
}

/** CPU time (user + system) process `pid` has used so far, in microseconds (the kernel counts it in ticks of 10 ms). */
export function cpuMicros(pid: number): number {
  // fields after the command name (which may hold spaces, so split after its closing parenthesis): utime is the 14th field, stime the 15th
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
}

/** The CPU process `pid` uses over the next `ms` while nobody asks it anything, in ms a second (to a tenth). */
export async function idleCpuMsPerSecond(pid: number, ms: number): Promise<number> {
  const before = cpuMicros(pid);
  await new Promise((r) => setTimeout(r, ms));
  return Math.round(((cpuMicros(pid) - before) / ms) * 10) / 10;
}

/**
 * CPU time (user + system) the threads of process `pid` other than its main thread have used so far, in microseconds:
 * with the single-threaded collector start.sh sets, V8's compiler threads (optimizing the hot functions, still at it
 * thousands of requests after start) and libuv's pool.
 */
export function otherThreadsCpuMicros(pid: number): number {
  let ticks = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    if (Number(tid) === pid) continue;
    try {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return (ticks * 1_000_000) / 100;
}

/**
 * CPU time (user + system) used so far by every process whose command is `command` (`postgres`: the database server's
 * backends and workers, which share this machine's cores with the API), in microseconds. A process that ended between
 * two readings takes its time with it: compare readings over a window in which the server keeps its connections.
 */
export function commandCpuMicros(command: string): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== command) continue;
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return (ticks * 1_000_000) / 100;
}

async function ready(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health/ready`)).ok;
  } catch {
    return false;
  }
}
