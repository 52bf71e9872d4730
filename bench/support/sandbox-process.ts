import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../test/support/test-app';
import { http } from '../../test/support/http';

/** The sandbox insurers' fixed latencies in the fan-out scenarios (ms). */
export const INSURER_LATENCIES: Record<string, number> = {
  dune: 100,
  palm: 150,
  oryx: 200,
  compass: 250,
  lantern: 300,
  caravan: 350,
  pearl: 380,
  summit: 400,
  naseem: 50,
};
export const SLOWEST = Math.max(...Object.values(INSURER_LATENCIES));

/** The sandbox insurers as their own process, as `npm start` runs them: their work does not share the API's event loop. */
export async function startSandboxProcess(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(__dirname, '..', '..', 'apps', 'sandbox', 'src', 'main.js')], {
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_PROFILE: 'fast', SANDBOX_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`${baseUrl}/insurers`).catch(() => null))?.ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const [code, latency_ms] of Object.entries(INSURER_LATENCIES)) {
    await http(`${baseUrl}/__control/insurers/${code}`, { method: 'PUT', json: { latency_ms, fault: 'none' } });
  }
  return { baseUrl, close: async () => void child.kill('SIGTERM') };
}
