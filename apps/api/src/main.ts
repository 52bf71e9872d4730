import 'reflect-metadata';
import { setFlagsFromString } from 'node:v8';
import { loadConfig, ConfigError } from '@lib/config';
import { createApi, shutdownLimitMs } from './bootstrap';
import { ApiClientRepository } from './platform/clients/api-client.repository';
import { ClientsService } from './platform/clients/clients.service';
import { ensureSandboxClient } from './platform/sandbox/sandbox-client';
import { ensureSandboxStaff } from './platform/admin/staff/sandbox-staff';
import { StaffService } from './platform/admin/staff/staff.service';
import { startSandboxProcess } from './platform/sandbox/sandbox-process';

async function main() {
  const config = loadConfig();
  // V8 reads this at each full collection; without it a burst of large answers leaves the heap limit (and RSS) several times
  // what stays live (docs/benchmarks.md).
  if (config.heapGrowthPercent) setFlagsFromString(`--heap-growing-percent=${config.heapGrowthPercent}`);
  const sandbox = config.startSandbox ? await startSandboxProcess(config, (m) => process.stderr.write(`${m}\n`)) : undefined;
  const api = await createApi(config).catch((e) => {
    sandbox?.kill('SIGTERM');
    throw e;
  });
  const { app } = api;
  const log = app.getHttpAdapter().getInstance().log;

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    // a stop that outlives its own bounds (a shutdown hook or the database hanging) is given up on: exit 1. A request
    // cut at the grace period's end is part of a clean stop (exit 0).
    const force = setTimeout(() => {
      log.error({ signal }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, shutdownLimitMs(config)).unref();
    try {
      await api.close();
    } catch (e) {
      log.error({ err: e }, 'shutdown failed');
      process.exit(1);
    }
    sandbox?.kill('SIGTERM');
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const creds = config.env === 'sandbox' ? await ensureSandboxClient(config, app.get(ClientsService), app.get(ApiClientRepository)) : undefined;
  const staff = await ensureSandboxStaff(config, app.get(StaffService));

  const lines = [
    '',
    `  Embedded Insurance API (${config.env}) on ${config.publicBaseUrl}`,
    `  Database:   ${api.db.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}/db` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Rate limits: ${config.redisUrl ? 'shared in Redis (REDIS_URL)' : 'in this process'}`,
    `  API docs:   ${config.publicBaseUrl}/docs   (OpenAPI: ${config.publicBaseUrl}/openapi.json)`,
    `  Health:     ${config.publicBaseUrl}/health/ready   Metrics: ${config.publicBaseUrl}/metrics`,
    `  Insurers:   ${config.sandboxUrl}${sandbox ? ' (sandbox insurers, started with the API)' : ''}`,
  ];
  if (creds) {
    lines.push(
      '',
      '  Sandbox client (enrolled in every product):',
      `    client_id:     ${creds.client_id}`,
      `    client_secret: ${creds.client_secret}`,
      `  Get a token:  curl -s -X POST ${config.publicBaseUrl}/oauth/token -H 'Content-Type: application/json' \\`,
      `                  -d '{"grant_type":"client_credentials","client_id":"${creds.client_id}","client_secret":"<secret>"}'`,
    );
  }
  lines.push('', `  Console:    ${config.publicBaseUrl}/admin`);
  if (staff.length) {
    lines.push('  Sandbox staff (sandbox only; passwords documented in docs/console.md):');
    for (const s of staff) lines.push(`    ${s.role.padEnd(16)} ${s.email.padEnd(30)} ${s.password}`);
  }
  process.stdout.write(lines.join('\n') + '\n\n');
}

main().catch((e) => {
  process.stderr.write(`${e instanceof ConfigError ? e.message : ((e as Error).stack ?? String(e))}\n`);
  process.exit(1);
});
