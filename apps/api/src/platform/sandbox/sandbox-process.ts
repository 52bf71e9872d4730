import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '@lib/config';

/**
 * `npm start` in sandbox mode runs the simulated insurers as their own HTTP service (apps/sandbox),
 * reached over real HTTP like a real insurer would be. Resolves once it answers; the caller stops it.
 */
export async function startSandboxProcess(config: AppConfig, log: (msg: string) => void): Promise<ChildProcess> {
  const entry = join(__dirname, '..', '..', '..', '..', 'sandbox', 'src', 'main.js');
  if (!existsSync(entry)) throw new Error(`The sandbox service is not built (${entry}); run npm run build.`);
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      SANDBOX_PORT: String(config.sandboxPort),
      SANDBOX_PUBLIC_URL: config.sandboxUrl,
      SANDBOX_PROFILE: process.env.SANDBOX_PROFILE ?? 'realistic',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') log(`sandbox insurers exited (${signal ?? code})`);
  });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error('The sandbox insurers service exited at start.');
    try {
      if ((await fetch(`${config.sandboxUrl}/insurers`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`The sandbox insurers service did not answer on ${config.sandboxUrl}.`);
}
