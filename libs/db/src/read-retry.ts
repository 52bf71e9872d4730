import type { SqlDriverAdapterFactory } from '@prisma/client/runtime/client';
import { isDatabaseUnavailable } from './database-unavailable';
import type { SqlDatabase } from './sql-target';

type SqlDriverAdapter = Awaited<ReturnType<SqlDriverAdapterFactory['connect']>>;
type SqlQuery = Parameters<SqlDriverAdapter['queryRaw']>[0];

/**
 * A plain read: one SELECT with no side effect (no notification, no sequence, no row lock). Such a statement,
 * outside a transaction, may run again without anyone seeing it twice.
 */
export function isPlainRead(sql: string): boolean {
  return (
    /^\s*SELECT\b/i.test(sql) &&
    !/\b(pg_notify|nextval|setval|pg_advisory\w*|FOR\s+(NO\s+KEY\s+)?UPDATE|FOR\s+(KEY\s+)?SHARE)\b|\b(INSERT|UPDATE|DELETE)\s/i.test(sql)
  );
}

/**
 * Whether a failed read is worth another try: its connection was lost (the server restarted or
 * terminated it, a failover, a reset), so the pool's next connection may well work. Not when connecting itself
 * failed or timed out: the database is down, and trying again would only double the wait before the 503.
 */
function worthRetrying(err: unknown): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  const text = String((err as { message?: unknown })?.message ?? '') + String((err as { cause?: { message?: unknown } })?.cause?.message ?? '');
  return !/ECONNREFUSED|connection timeout|timeout exceeded when trying to connect|cannot connect now|Can't reach database/i.test(text);
}

/**
 * Pauses before each new try. The first lets the other pooled connections the server dropped at the same moment
 * (a restart ends them all) report their end, so the pool discards them instead of handing one to the retry; a
 * pool may still hold a few not yet told, hence up to three tries, all within half a second.
 */
const RETRY_PAUSES_MS = [25, 100, 250];

async function retried<T>(sql: string, run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= RETRY_PAUSES_MS.length || !isPlainRead(sql) || !worthRetrying(e)) throw e;
      await new Promise((r) => setTimeout(r, RETRY_PAUSES_MS[attempt]));
    }
  }
}

/**
 * Prisma's driver adapter with plain reads outside transactions tried again when their connection was lost.
 * Writes are never retried (a write cut off may have committed; the partner's Idempotency-Key is the retry), nor is
 * anything inside a transaction (its connection, and the transaction, are gone).
 */
export function readRetryingAdapter(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => readRetryingDriver(await factory.connect()),
  };
}

function readRetryingDriver(inner: SqlDriverAdapter): SqlDriverAdapter {
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: (q: SqlQuery) => retried(q.sql, () => inner.queryRaw(q)),
    executeRaw: (q) => inner.executeRaw(q),
    executeScript: (script) => inner.executeScript(script),
    startTransaction: (isolationLevel) => inner.startTransaction(isolationLevel),
    ...(inner.getConnectionInfo ? { getConnectionInfo: () => inner.getConnectionInfo!() } : {}),
    dispose: () => inner.dispose(),
  };
}

/** The plain-SQL client with the same rule: a plain read outside a transaction is tried again. */
export function readRetryingSql(inner: SqlDatabase): SqlDatabase {
  return {
    query: <T>(sql: string, params?: unknown[], name?: string) => retried(sql, () => inner.query<T>(sql, params, name)),
    exec: (sql) => inner.exec(sql),
    transaction: (fn) => inner.transaction(fn),
  };
}
