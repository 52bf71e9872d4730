/** The smallest surface the migrator, health checks and tests need from a database connection. */
export interface SqlTarget {
  /**
   * `name` makes it a named prepared statement on PostgreSQL: parsed and planned once per connection, then only
   * bound and executed (the same name must always carry the same text). PGlite runs in process and ignores it.
   * A Buffer parameter is UTF-8 text (JSON made in parts): PostgreSQL takes its bytes as they are (the binary form
   * of json and text is the text), PGlite gets it decoded.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], name?: string): Promise<T[]>;
  exec(sql: string): Promise<void>;
}

/** Parameterised statements on one connection. */
export type SqlQuery = Pick<SqlTarget, 'query'>;

/**
 * Plain SQL beside the Prisma client, for the few hot writes where Prisma's per-call query compilation
 * costs more than the statement (hundreds of rows in one quote request).
 */
export interface SqlDatabase extends SqlTarget {
  /** Runs `fn` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlQuery) => Promise<T>): Promise<T>;
}

/** A unique-index violation (SQLSTATE 23505) from plain SQL, on PostgreSQL or PGlite. */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

/** What prismaSql needs: the Prisma client, or an interactive transaction of it. */
interface PrismaRaw {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/**
 * Plain SQL through Prisma: on its transaction when given one (a read that must see, or wait for, the transaction's
 * work). Values come back as Prisma gives them: numeric as Decimal, json parsed; cast in SQL where a string is wanted.
 */
export function prismaSql(db: PrismaRaw): SqlQuery {
  return { query: <T>(sql: string, params: unknown[] = []) => db.$queryRawUnsafe<T[]>(sql, ...params) };
}
