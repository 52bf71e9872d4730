import type { TestApp } from '../../test/support/test-app';
import { http } from '../../test/support/http';
import { SANDBOX_SELLER_VAT_NUMBERS } from '../../libs/config/src/app-config';
import { RUN_ENV } from './built-api';

/** A bearer token of the partner from the built API listening on `port`. */
export async function builtApiToken(port: number, partner: { id: string; secret: string }): Promise<string> {
  const token = await http(`http://127.0.0.1:${port}/oauth/token`, {
    json: { grant_type: 'client_credentials', client_id: partner.id, client_secret: partner.secret },
  });
  if (token.status !== 200) throw new Error(`token ${token.status}: ${token.text}`);
  return token.body.access_token as string;
}

/** The built API in production mode beside the in-process `app`, on its database, with `shared` settings. */
export function productionApiEnv(app: TestApp, dbUrl: URL, port: number, shared: Record<string, string>): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...RUN_ENV,
    ...shared,
    ...productionEnv(),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: app.config.dataDir,
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: app.config.redisKeyPrefix,
  };
}

/**
 * Production settings for the built API in the read scenario: real secrets' lengths, no background workers but the
 * due-event worker (on its configured poll), and a VAT number for every sandbox insurer (production requires them).
 */
export function productionEnv(): Record<string, string> {
  return {
    APP_ENV: 'production',
    WEBHOOK_SECRET_KEY: 'w'.repeat(40),
    PAYMENT_VENDOR_URL: 'http://127.0.0.1:9',
    PAYMENT_VENDOR_API_KEY: 'k'.repeat(24),
    PAYMENT_VENDOR_WEBHOOK_SECRET: 's'.repeat(40),
    TAX_SELLER_VAT_NUMBERS: Object.entries(SANDBOX_SELLER_VAT_NUMBERS)
      .map(([code, vat]) => `${code}=${vat}`)
      .join(','),
    WEBHOOK_WORKER: 'false',
    PAYMENT_RECONCILE_MS: '0',
    REFUND_POLL_MS: '0',
    POLICY_DOCUMENTS_POLL_MS: '0',
  };
}

/** The URL of the in-process `app`'s own database (its tests' database on the PostgreSQL of DATABASE_URL). */
export async function databaseUrlOf(app: TestApp): Promise<URL> {
  const dbName = (await app.db.sql.query<{ db: string }>('SELECT current_database() AS db'))[0].db;
  const dbUrl = new URL(process.env.DATABASE_URL!);
  dbUrl.pathname = `/${dbName}`;
  return dbUrl;
}
