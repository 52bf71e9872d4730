import type { SqlQuery } from './sql-target';

/** A column of a bulk insert: its SQL type and how to read it from a row. */
export type BulkColumn<R> = readonly [column: string, sqlType: string, value: (row: R) => unknown];

/** Rows for one table of a bulk insert, as one array per column. `parentKey` names the column that takes the parent row's id. */
export interface BulkRows {
  table: string;
  columns: readonly (readonly [column: string, sqlType: string, values: unknown[]])[];
  count: number;
  parentKey?: string;
}

export function bulkRows<R>(table: string, columns: readonly BulkColumn<R>[], rows: readonly R[], parentKey?: string): BulkRows {
  return { table, parentKey, count: rows.length, columns: columns.map(([c, type, value]) => [c, type, rows.map((r) => toParam(value(r)))] as const) };
}

/** One parent row: its columns with SQL types, and its values. */
export interface ParentRow {
  table: string;
  columns: readonly (readonly [column: string, sqlType: string, value: unknown])[];
}

/**
 * Inserts a parent row and every child table's rows in one statement (one round trip, atomic on its
 * own): the parent in a CTE that returns its id, each child table from one array parameter per column
 * spread by `unnest`, so the statement and its plan do not grow with the number of rows. Foreign keys
 * between the tables are checked at the end of the statement. Returns the parent's id.
 * Identifiers come from the caller's code, never from input.
 */
export async function insertTree(db: SqlQuery, parent: ParentRow, children: readonly BulkRows[]): Promise<number> {
  const params: unknown[] = [];
  const names = (cols: readonly string[]) => cols.map((c) => `"${c}"`).join(', ');
  const parentValues = parent.columns.map(([, type, value]) => `$${params.push(toParam(value))}::${type}`);
  const ctes = [`parent AS (INSERT INTO "${parent.table}" (${names(parent.columns.map(([c]) => c))}) VALUES (${parentValues.join(', ')}) RETURNING id)`];
  children.forEach((child, i) => {
    if (!child.count) return;
    const arrays = child.columns.map(([, type, values]) => `$${params.push(values)}::${type}[]`);
    const columns = child.columns.map(([c]) => c);
    const select = child.parentKey
      ? `SELECT parent.id, u.* FROM parent, unnest(${arrays.join(', ')}) AS u`
      : `SELECT * FROM unnest(${arrays.join(', ')})`;
    ctes.push(`c${i} AS (INSERT INTO "${child.table}" (${names(child.parentKey ? [child.parentKey, ...columns] : columns)}) ${select})`);
  });
  const [row] = await db.query<{ id: number | string }>(`WITH ${ctes.join(',\n')} SELECT id FROM parent`, params);
  return Number(row.id);
}

/** Dates as ISO instants: both drivers then agree on the exact moment whatever the session time zone. */
function toParam(v: unknown): unknown {
  return v instanceof Date ? v.toISOString() : v;
}
