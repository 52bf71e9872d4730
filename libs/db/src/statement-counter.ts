import { AsyncLocalStorage } from 'node:async_hooks';
import type { SqlDriverAdapterFactory } from '@prisma/client/runtime/client';
import type { SqlDatabase } from './sql-target';

type SqlDriverAdapter = Awaited<ReturnType<SqlDriverAdapterFactory['connect']>>;
type Transaction = Awaited<ReturnType<SqlDriverAdapter['startTransaction']>>;

/** Statements counted for one piece of work (an HTTP request, a call in a test). */
export interface StatementTally {
  statements: number;
}

/**
 * Counts the SQL statements the service sends, for tests that hold a read to a number of statements
 * (N+1 shows up as a count that grows with the rows). Only a database opened with `countStatements` has
 * one: the Prisma driver adapter and the plain-SQL client are then wrapped; otherwise nothing is wrapped
 * and nothing is counted.
 *
 * What counts is one statement the database receives, the same on PGlite and PostgreSQL: every query,
 * and a transaction's BEGIN and its COMMIT or ROLLBACK (sent by the driver on PGlite, by Prisma on pg).
 */
export class StatementCounter {
  private readonly scope = new AsyncLocalStorage<StatementTally>();
  /** Every statement since the database was opened. */
  total = 0;

  /**
   * Runs `fn`; the statements it sends, and everything it starts sends, are added to `tally`. Work must
   * start inside `fn`: a Prisma query is sent when awaited, so a query `fn` returns unawaited is not counted.
   */
  within<T>(tally: StatementTally, fn: () => T): T {
    return this.scope.run(tally, fn);
  }

  /** The statements `fn` (and what it starts) sent; `fn`'s result is awaited inside, Prisma's lazy queries included. */
  async measure(fn: () => PromiseLike<unknown>): Promise<number> {
    const tally: StatementTally = { statements: 0 };
    await this.within(tally, async () => {
      await fn();
    });
    return tally.statements;
  }

  count(n = 1): void {
    this.total += n;
    const tally = this.scope.getStore();
    if (tally) tally.statements += n;
  }
}

/** The Prisma driver adapter, counting each statement it is handed. */
export function countingAdapter(factory: SqlDriverAdapterFactory, counter: StatementCounter): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => countingDriver(await factory.connect(), counter),
  };
}

function countingDriver(inner: SqlDriverAdapter, counter: StatementCounter): SqlDriverAdapter {
  // Delegation, not a prototype chain: the inner adapter's calls to its own methods (pg sends BEGIN
  // through its executeRaw) are counted once, here.
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: (q) => (counter.count(), inner.queryRaw(q)),
    executeRaw: (q) => (counter.count(), inner.executeRaw(q)),
    executeScript: (script) => (counter.count(), inner.executeScript(script)),
    startTransaction: async (isolationLevel) => {
      counter.count(isolationLevel ? 2 : 1); // BEGIN, and SET TRANSACTION ISOLATION LEVEL
      return countingTransaction(await inner.startTransaction(isolationLevel), counter);
    },
    ...(inner.getConnectionInfo ? { getConnectionInfo: () => inner.getConnectionInfo!() } : {}),
    dispose: () => inner.dispose(),
  };
}

function countingTransaction(inner: Transaction, counter: StatementCounter): Transaction {
  // With a phantom query (PGlite) Prisma only calls commit()/rollback() and the driver sends the
  // statement; otherwise (pg) Prisma sends COMMIT/ROLLBACK through executeRaw and commit() sends nothing.
  const ends = () => {
    if (inner.options.usePhantomQuery) counter.count();
  };
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    options: inner.options,
    queryRaw: (q) => (counter.count(), inner.queryRaw(q)),
    executeRaw: (q) => (counter.count(), inner.executeRaw(q)),
    commit: () => (ends(), inner.commit()),
    rollback: () => (ends(), inner.rollback()),
    ...(inner.createSavepoint ? { createSavepoint: (name: string) => (counter.count(), inner.createSavepoint!(name)) } : {}),
    ...(inner.rollbackToSavepoint ? { rollbackToSavepoint: (name: string) => (counter.count(), inner.rollbackToSavepoint!(name)) } : {}),
    ...(inner.releaseSavepoint ? { releaseSavepoint: (name: string) => (counter.count(), inner.releaseSavepoint!(name)) } : {}),
  };
}

/** The plain-SQL client, counting each statement; a transaction adds its BEGIN and its COMMIT or ROLLBACK. */
export function countingSql(inner: SqlDatabase, counter: StatementCounter): SqlDatabase {
  return {
    query: <T>(sql: string, params?: unknown[], name?: string) => (counter.count(), inner.query<T>(sql, params, name)),
    exec: (sql) => (counter.count(), inner.exec(sql)),
    transaction: (fn) => {
      counter.count(2);
      return inner.transaction((tx) => fn({ query: <T>(sql: string, params?: unknown[]) => (counter.count(), tx.query<T>(sql, params)) }));
    },
  };
}
