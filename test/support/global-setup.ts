import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import Redis from 'ioredis';
import { dumpMigratedPglite, migratePostgres } from '../../libs/db/src';
import { withDatabase } from './pg-url';

/**
 * Prepares one migrated database to copy per test file: a PGlite dump (embedded default) or,
 * with DATABASE_URL, a PostgreSQL template database. A configured but unreachable PostgreSQL or
 * Redis fails the run here rather than being skipped.
 */
export default async function globalSetup(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ins-test-'));
  process.env.TEST_TMP_DIR = dir;

  if (process.env.DATABASE_URL) {
    const template = `tmpl_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect().catch((e) => {
      throw new Error(`DATABASE_URL is set but PostgreSQL is unreachable: ${e.message}`);
    });
    await admin.query(`CREATE DATABASE "${template}"`);
    await admin.end();
    await migratePostgres(withDatabase(process.env.DATABASE_URL, template));
    process.env.TEST_PG_TEMPLATE = template;
  } else {
    const dump = join(dir, 'migrated.tar');
    await dumpMigratedPglite(dump);
    process.env.TEST_PGLITE_DUMP = dump;
  }

  if (process.env.REDIS_URL) {
    const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 });
    await redis.connect().catch((e) => {
      throw new Error(`REDIS_URL is set but Redis is unreachable: ${e.message}`);
    });
    await redis.quit();
  }
}
