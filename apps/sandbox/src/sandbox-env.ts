import type { SandboxServerOptions } from './sandbox-server';

export interface SandboxEnv {
  port: number;
  host: string;
  server: SandboxServerOptions;
}

/** Reads SANDBOX_* variables; a wrong value stops the start instead of running a surprising simulator. */
export function readSandboxEnv(env: NodeJS.ProcessEnv): SandboxEnv {
  const port = Number(env.SANDBOX_PORT ?? 3100);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`SANDBOX_PORT must be a port number, got "${env.SANDBOX_PORT}".`);
  const host = env.SANDBOX_HOST || '127.0.0.1';
  const profile = env.SANDBOX_PROFILE || 'realistic';
  if (profile !== 'realistic' && profile !== 'fast') throw new Error(`SANDBOX_PROFILE must be realistic or fast, got "${profile}".`);
  const publicUrl = env.SANDBOX_PUBLIC_URL || `http://127.0.0.1:${port}`;
  return {
    port,
    host,
    server: {
      profile,
      publicUrl,
      faults: env.SANDBOX_FAULTS ?? '',
      logger: { level: env.SANDBOX_LOG_LEVEL || 'info' },
      // The same variables the API reads, so one .env configures both ends of the vendor contract.
      vendor: { apiKey: env.PAYMENT_VENDOR_API_KEY || undefined, webhookSecret: env.PAYMENT_VENDOR_WEBHOOK_SECRET || undefined },
    },
  };
}
