import type { SqlQuery } from './sql-target';

/** A column of a bulk insert: its SQL type and how to read it from a row. */
export type BulkColumn<R> = readonly [column: string, sqlType: string, value: (row: R) => unknown];

/**
 * Inserts every row in one statement: one array parameter per column, spread by `unnest`, so the
 * statement and its plan do not grow with the number of rows. `shared` values are the same for every row.
 * Identifiers come from the caller's code, never from input.
 */
export async function insertMany<R>(
  tx: SqlQuery,
  table: string,
  columns: readonly BulkColumn<R>[],
  rows: readonly R[],
  shared: readonly (readonly [column: string, sqlType: string, value: unknown])[] = [],
): Promise<void> {
  if (!rows.length) return;
  const params: unknown[] = [];
  const sharedSql = shared.map(([, type, value]) => `$${params.push(value)}::${type}`);
  const arrays = columns.map(([, type, value]) => `$${params.push(rows.map((r) => toParam(value(r))))}::${type}[]`);
  const names = [...shared.map(([c]) => c), ...columns.map(([c]) => c)].map((c) => `"${c}"`).join(', ');
  const select = sharedSql.length ? `SELECT ${sharedSql.join(', ')}, u.* FROM unnest(${arrays.join(', ')}) AS u` : `SELECT * FROM unnest(${arrays.join(', ')})`;
  await tx.query(`INSERT INTO "${table}" (${names}) ${select}`, params);
}

/** Dates as ISO instants: both drivers then agree on the exact moment whatever the session time zone. */
function toParam(v: unknown): unknown {
  return v instanceof Date ? v.toISOString() : v;
}
