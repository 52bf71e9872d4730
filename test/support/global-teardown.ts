import { rmSync } from 'node:fs';
import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  if (process.env.DATABASE_URL && process.env.TEST_PG_TEMPLATE) {
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${process.env.TEST_PG_TEMPLATE}" WITH (FORCE)`);
    await admin.end();
  }
  if (process.env.TEST_TMP_DIR) rmSync(process.env.TEST_TMP_DIR, { recursive: true, force: true });
}
