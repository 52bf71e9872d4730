import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../libs/db/src';

const IDLE_MS = 30_000;
const READY_TIMEOUT_MS = 180_000;

/**
 * Issue 19 goal 5, embedded half: the built API (`npm start`'s process, on PGlite) started on a fresh data
 * directory, left idle, its resident memory read from /proc; then started again on the same directory (the
 * fresh start also runs initdb, whose memory the WASM heap keeps). Target: below 300 MB idle.
 */
export async function embeddedIdleMemoryScenario() {
  const data = mkdtempSync(join(tmpdir(), 'bench-rss-'));
  try {
    const first = await idleRssMb(data, 39_401);
    const restart = await idleRssMb(data, 39_401);
    return { idle_after_ms: IDLE_MS, first_start_rss_mb: first, restart_rss_mb: restart, target_mb: 300, met: Math.max(first, restart) < 300 };
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

async function idleRssMb(dataDir: string, port: number): Promise<number> {
  // the embedded default as a fresh clone runs it: no PostgreSQL, no Redis, nothing the bench's harness set
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), SANDBOX_PORT: String(port + 1), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, [join(projectRoot(), 'dist', 'apps', 'api', 'src', 'main.js')], { env, stdio: 'ignore', detached: true });
  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await ready(port))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the built API did not become ready');
      await new Promise((r) => setTimeout(r, 500));
    }
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]);
    return Math.round(kb / 1024);
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

async function ready(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health/ready`)).ok;
  } catch {
    return false;
  }
}
