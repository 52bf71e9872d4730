/** The smallest surface the migrator, health checks and tests need from a database connection. */
export interface SqlTarget {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
}
