import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createServer } from 'node:net';
import { DynamicModule, Type } from '@nestjs/common';
import { Client } from 'pg';
import { ManualClock, PRODUCT_CODES, ProductCode } from '../../libs/common/src';
import { AppConfig, loadConfig } from '../../libs/config/src';
import { Database, openDatabase } from '../../libs/db/src';
import { Api, createApi } from '../../apps/api/src/bootstrap';
import { ClientsService } from '../../apps/api/src/platform/clients/clients.service';
import { http, RequestOptions } from './http';
import { shareOpenApiDocument } from './openapi-check';
import { withDatabase } from './pg-url';

export interface TestClient {
  id: string;
  secret: string;
}

export interface TestApp {
  url: string;
  api: Api;
  config: AppConfig;
  clock: ManualClock;
  db: Database;
  /** Every log line the app wrote, as parsed JSON. */
  logs: Array<Record<string, unknown>>;
  rawLogs(): string;
  createClient(products?: ProductCode[]): Promise<TestClient>;
  token(client: TestClient): Promise<string>;
  /** A client enrolled in `products` (all by default) and a token for it. */
  partner(products?: ProductCode[]): Promise<TestClient & { token: string }>;
  request<T = any>(path: string, opts?: RequestOptions): ReturnType<typeof http<T>>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  extraModules?: Array<Type | DynamicModule>;
  clock?: ManualClock;
  /** Share another app's database (two instances on one database). */
  db?: Database;
  /** Count the statements the app sends (`db.statements`): see StatementCounter. */
  countStatements?: boolean;
}

/** A fresh database cloned from the migrated template: one per test file (or per call). */
export async function openTestDatabase(
  options: { onIdleError?: (e: Error) => void; countStatements?: boolean; poolSize?: number } = {},
): Promise<{ db: Database; url?: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const db = await openDatabase({ pgliteDumpFile: process.env.TEST_PGLITE_DUMP, countStatements: options.countStatements });
    return { db, drop: async () => undefined };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${process.env.TEST_PG_TEMPLATE}"`);
  await admin.end();
  const url = withDatabase(base, name);
  const db = await openDatabase({ url, onIdleError: options.onIdleError, countStatements: options.countStatements, poolSize: options.poolSize });
  return {
    db,
    url,
    drop: async () => {
      const a = new Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * A port held by a listening socket until `release()`. While it is held, the kernel gives it to no outgoing
 * connection as its local port: an app that takes seconds to start opens database, Redis and HTTP connections
 * from the same port range, and one of them could otherwise take the port before the app listens on it.
 */
export function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      resolve({ port, release: () => new Promise<void>((done) => srv.close(() => done())) });
    });
  });
}

/** A port free right now, for a server started at once. */
export async function freePort(): Promise<number> {
  const reserved = await reservePort();
  await reserved.release();
  return reserved.port;
}

/** Starts the whole API on a random local port with its own database, a manual clock and captured logs. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const owned = options.db ? undefined : await openTestDatabase({ countStatements: options.countStatements });
  const db = options.db ?? owned!.db;
  const clock = options.clock ?? new ManualClock('2026-11-22T09:00:00.000Z');
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  // the app knows its public address (links it returns) before it starts
  const reserved = await reservePort();
  const port = reserved.port;
  const config = loadConfig({
    APP_ENV: 'sandbox',
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
    DATA_DIR: mkdtempSync(join(process.env.TEST_TMP_DIR ?? tmpdir(), 'app-')),
    JWT_SECRET: 'test-secret-' + 'x'.repeat(40),
    REDIS_KEY_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...options.env,
  });
  const api = await createApi(config, { db, clock, logStream, extraModules: options.extraModules }).finally(() => reserved.release());
  await api.app.listen({ port, host: '127.0.0.1' });
  const url = config.publicBaseUrl;
  if (!options.extraModules?.length) shareOpenApiDocument(url, config.env);

  const app: TestApp = {
    url,
    api,
    config,
    clock,
    db,
    get logs() {
      return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    },
    rawLogs: () => lines.join('\n'),
    async createClient(products = [...PRODUCT_CODES]) {
      const { client, secret } = await api.app.get(ClientsService).create('Test client', products);
      return { id: client.id, secret };
    },
    async token(client) {
      const res = await http(`${url}/oauth/token`, {
        json: { grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret },
        headers: { 'X-Forwarded-For': randomBytes(4).join('.') },
      });
      if (res.status !== 200) throw new Error(`token failed: ${res.status} ${res.text}`);
      return res.body.access_token as string;
    },
    async partner(products) {
      const client = await app.createClient(products);
      return { ...client, token: await app.token(client) };
    },
    request: (path, opts) => http(`${url}${path}`, opts),
    async close() {
      await api.stop();
      if (owned) {
        await db.close();
        await owned.drop();
      }
      if (api.redis) await api.redis.quit().catch(() => undefined);
    },
  };
  return app;
}
