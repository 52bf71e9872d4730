import { mkdirSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapterFactory } from '@prisma/client/runtime/client';
import { Client, Pool, PoolClient } from 'pg';
import { PrismaClient } from './generated/prisma/client';
import { migrate } from './migrator';
import { initialisePgliteDir, pgliteInitialised } from './pglite-initdb';
import { SqlDatabase } from './sql-target';
import { countingAdapter, countingSql, StatementCounter } from './statement-counter';
import { readRetryingAdapter, readRetryingSql } from './read-retry';

/** The Prisma client of the service; also the Nest injection token repositories ask for. */
export class PrismaService extends PrismaClient {}

export interface Database {
  kind: 'pglite' | 'postgres';
  prisma: PrismaService;
  sql: SqlDatabase;
  /** Counts the statements sent through `prisma` and `sql`: only when opened with `countStatements` (tests). */
  statements?: StatementCounter;
  /** LISTENs on a channel: see Listener. Resolves once listening; the function it returns stops. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Receives NOTIFY payloads. `lost` is called when notifications may have been missed (the listening
 * connection failed), `listening` when they flow again (after the start and after each reconnection).
 */
export interface Listener {
  message(payload: string): void;
  listening(): void;
  lost(): void;
}

export interface OpenOptions {
  /** postgresql://... ; when absent the embedded PGlite database is used. */
  url?: string;
  /** Folder of the embedded database ("memory://" for a throwaway one). */
  pgliteDir?: string;
  /** A PGlite data-dir dump (tar) to start from, used by tests to skip initdb and migrations. */
  pgliteDumpFile?: string;
  poolSize?: number;
  /** Apply pending migrations on open (embedded default; `npm run db:migrate` for PostgreSQL). */
  migrate?: boolean;
  /** Told when an idle pooled connection fails (PostgreSQL only). */
  onIdleError?: (e: Error) => void;
  /** Count every statement sent (`Database.statements`), for tests that bound a read's statements. */
  countStatements?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts) : openPglite(opts);
}

async function openPostgres(url: string, opts: OpenOptions): Promise<Database> {
  if (opts.migrate) await migratePostgres(url);
  // A connection that cannot be made in time (server unreachable without refusing, or no pooled one free) fails
  // the query, which answers 503, instead of holding the request until the operating system gives up.
  const pool = new Pool({ connectionString: url, max: opts.poolSize ?? 10, connectionTimeoutMillis: CONNECT_WAIT_MS });
  // An idle connection the server drops (restart, failover) is removed by pg and replaced on demand;
  // without a listener its error event would bring the whole process down.
  pool.on('error', (e) => opts.onIdleError?.(e));
  // Fail now, with the reason, rather than on the first request.
  await pool.query('SELECT 1');
  const counter = opts.countStatements ? new StatementCounter() : undefined;
  // counted inside the retry, so a retried read counts as the two statements it sent
  const prisma = prismaOn(readRetryingAdapter(counter ? countingAdapter(new PrismaPg(pool), counter) : new PrismaPg(pool)));
  const plain: SqlDatabase = {
    query: async (sql, params, name) =>
      (await pool.query(name ? { name, text: sql, values: params as unknown[] } : { text: sql, values: params as unknown[] })).rows,
    exec: async (sql) => void (await pool.query(sql)),
    transaction: async (fn) => {
      const client = await connectWithin(pool, CONNECT_WAIT_MS);
      try {
        await client.query('BEGIN');
        const result = await fn({ query: async (sql, params) => (await client.query(sql, params as unknown[])).rows });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
  };
  return {
    kind: 'postgres',
    prisma,
    sql: readRetryingSql(counter ? countingSql(plain, counter) : plain),
    statements: counter,
    listen: (channel, listener) => listenPostgres(url, channel, listener),
    close: async () => {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}

/** A dedicated connection LISTENing on `channel`, reconnected (every second) until stopped. */
async function listenPostgres(url: string, channel: string, listener: Listener): Promise<() => Promise<void>> {
  let stopped = false;
  let current: Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const client = new Client({ connectionString: url });
    const failed = () => {
      if (current !== client) return;
      current = undefined;
      client.end().catch(() => undefined);
      listener.lost();
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    };
    client.on('error', failed);
    client.on('end', failed);
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) listener.message(n.payload);
    });
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (e) {
      failed();
      throw e;
    }
    if (stopped) return void (await client.end().catch(() => undefined));
    listener.listening();
  };
  // Not listening yet is safe: listeners treat it as lost until `listening` comes.
  await connect().catch(() => undefined);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}

/** How long a transaction (plain SQL or Prisma) waits for a pooled connection before answering busy (503). */
const CONNECT_WAIT_MS = 10_000;
/** Prisma's own defaults (2 s to start, 5 s to run) fail ordinary work on a loaded machine as 503s. */
const TRANSACTION_RUN_MS = 15_000;

function prismaOn(adapter: SqlDriverAdapterFactory): PrismaService {
  return new PrismaService({ adapter, transactionOptions: { maxWait: CONNECT_WAIT_MS, timeout: TRANSACTION_RUN_MS } });
}

/** Thrown when no connection is free in time: overload, worth a retry. */
export class DatabaseBusyError extends Error {
  constructor() {
    super('No database connection was free in time.');
    this.name = 'DatabaseBusyError';
  }
}

async function connectWithin(pool: Pool, ms: number): Promise<PoolClient> {
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const connecting = pool.connect();
  try {
    return await Promise.race([
      connecting,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          timedOut = true;
          reject(new DatabaseBusyError());
        }, ms);
      }),
    ]);
  } catch (e) {
    // A connection that arrives after we gave up goes straight back to the pool.
    if (timedOut)
      void connecting.then(
        (c) => c.release(),
        () => undefined,
      );
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

/** Applies migrations on one dedicated connection, holding an advisory lock so replicas never race. */
export async function migratePostgres(url: string): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(72710431)');
    return await migrate({
      query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
      exec: async (sql) => void (await client.query(sql)),
    });
  } finally {
    await client.query('SELECT pg_advisory_unlock(72710431)').catch(() => undefined);
    await client.end();
  }
}

/**
 * The embedded database keeps PostgreSQL's buffer pool inside the process's WASM heap, which never shrinks:
 * PGlite's 160 MB default pool alone made an idle `npm start` weigh over 600 MB. A laptop-sized data set fits
 * in 16 MB of buffers (the OS page cache still holds the files), which keeps the idle process near 300 MB.
 */
const EMBEDDED_SETTINGS = ['shared_buffers = 16MB', 'wal_buffers = 1MB'];

async function openPglite(opts: OpenOptions): Promise<Database> {
  const dir = opts.pgliteDir ?? 'memory://';
  const release = dir.startsWith('memory://') ? () => undefined : lockDataDir(dir);
  let pg: PGlite;
  try {
    const onDisk = !opts.pgliteDumpFile && !dir.startsWith('memory://');
    if (onDisk && !pgliteInitialised(resolve(dir))) await initialisePgliteDir(resolve(dir), EMBEDDED_SETTINGS);
    pg = opts.pgliteDumpFile
      ? new PGlite({ loadDataDir: new Blob([readFileSync(opts.pgliteDumpFile)]), postgresqlconf: EMBEDDED_SETTINGS })
      : new PGlite(onDisk ? resolve(dir) : dir, { postgresqlconf: EMBEDDED_SETTINGS });
    await pg.waitReady;
  } catch (e) {
    release();
    throw e;
  }
  const sql: SqlDatabase = {
    query: async (text, params) => (await pg.query(text, pgliteParams(params))).rows as never,
    exec: async (text) => void (await pg.exec(text)),
    transaction: (fn) => pg.transaction((tx) => fn({ query: async (text, params) => (await tx.query(text, pgliteParams(params))).rows as never })),
  };
  if (opts.migrate) await migrate(sql);
  const counter = opts.countStatements ? new StatementCounter() : undefined;
  const prisma = prismaOn(counter ? countingAdapter(new PrismaPGlite(pg), counter) : new PrismaPGlite(pg));
  return {
    kind: 'pglite',
    prisma,
    sql: counter ? countingSql(sql, counter) : sql,
    statements: counter,
    // One process owns the embedded database, so every change is made here and no notification is lost.
    listen: async (channel, listener) => {
      const stop = await pg.listen(channel, (payload) => listener.message(payload));
      listener.listening();
      return stop;
    },
    close: async () => {
      await prisma.$disconnect();
      await pg.close();
      release();
    },
  };
}

/**
 * PGlite is single-process: a second process opening the same folder would corrupt it.
 * A pid file refuses that with a clear message instead.
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, 'owner.pid');
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${resolve(dir)} is in use by process ${pid}. ` +
          'Stop that process first (the embedded database serves one process at a time), or use PostgreSQL via DATABASE_URL.',
      );
    }
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Writes a dump of a migrated embedded database, for tests to start from. */
export async function dumpMigratedPglite(file: string): Promise<void> {
  const pg = new PGlite('memory://');
  await migrate({
    query: async (text, params) => (await pg.query(text, params as unknown[])).rows as never,
    exec: async (text) => void (await pg.exec(text)),
  });
  const dump = await pg.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pg.close();
}

/** PGlite serialises parameters by their types from JS values: UTF-8 bytes (see SqlTarget) go as the text they hold. */
function pgliteParams(params: unknown[] | undefined): unknown[] | undefined {
  return params?.some(Buffer.isBuffer) ? params.map((p) => (Buffer.isBuffer(p) ? p.toString('utf8') : p)) : params;
}
