import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@lib/config';
import { openDatabase } from '@lib/db';
import { createApi, OPENAPI_SECTIONS } from './bootstrap';
import { buildOpenApi } from './platform/openapi/openapi';

/**
 * Prints the sandbox's OpenAPI document (what /openapi.json serves) without listening or touching a real database:
 * the SDK in packages/sdk is generated from it. Fixed settings, so the document depends on the code alone.
 */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'openapi-export-'));
  const config = loadConfig({
    APP_ENV: 'sandbox',
    PUBLIC_BASE_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SANDBOX_START: 'false',
    WEBHOOK_WORKER: 'false',
    POLICY_DOCUMENTS_POLL_MS: '0',
    PAYMENT_RECONCILE_MS: '0',
    REFUND_POLL_MS: '0',
  });
  const db = await openDatabase({ pgliteDir: 'memory://', migrate: true });
  const api = await createApi(config, { db });
  try {
    process.stdout.write(`${JSON.stringify(buildOpenApi(api.app, config, OPENAPI_SECTIONS), null, 2)}\n`);
  } finally {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
