import type { SqlQuery } from './sql-target';

/** A column of a bulk insert: its SQL type and how to read it from a row. */
export type BulkColumn<R> = readonly [column: string, sqlType: string, value: (row: R) => unknown];

/**
 * Rows for one table of a bulk insert, as one PostgreSQL array literal per column (a text parameter cast to
 * `<type>[]`). `parentKey` names the column that takes the parent row's id.
 */
export interface BulkRows {
  table: string;
  columns: readonly (readonly [column: string, sqlType: string, literal: string])[];
  count: number;
  parentKey?: string;
}

export function bulkRows<R>(table: string, columns: readonly BulkColumn<R>[], rows: readonly R[], parentKey?: string): BulkRows {
  return { table, parentKey, count: rows.length, columns: columns.map(([c, type, value]) => [c, type, arrayLiteral(rows, value)] as const) };
}

/**
 * `{"a","b\\"c",NULL,42,t}`: every string double-quoted with its backslashes and double quotes escaped, so no
 * value can end its element early whatever it holds; numbers and booleans bare; null and undefined as NULL;
 * dates as ISO instants. A quote request writes thousands of values: a column of plain strings (the usual
 * case) or of numbers is joined in one pass, without a string per element.
 */
export function arrayLiteral<R>(rows: readonly R[], value: (row: R) => unknown): string {
  const values: unknown[] = new Array(rows.length);
  let plainStrings = true;
  let finiteNumbers = true;
  for (let i = 0; i < rows.length; i++) {
    const v = value(rows[i]);
    values[i] = v;
    if (typeof v !== 'string' || v.includes('"') || v.includes('\\')) plainStrings = false;
    if (typeof v !== 'number' || !Number.isFinite(v)) finiteNumbers = false;
  }
  if (rows.length === 0) return '{}';
  if (plainStrings) return joinedWithin(values, '{"', '","', '"}');
  if (!finiteNumbers) for (let i = 0; i < values.length; i++) values[i] = arrayElement(values[i]);
  return joinedWithin(values, '{', ',', '}');
}

/**
 * `open + values.join(separator) + close` as one flat string: the ends go onto the first and last values, so
 * the joined text (tens of kilobytes) is never copied again to add the braces.
 */
function joinedWithin(values: unknown[], open: string, separator: string, close: string): string {
  const last = values.length - 1;
  values[0] = `${open}${values[0] as string}`;
  values[last] = `${values[last] as string}${close}`;
  return values.join(separator);
}

function arrayElement(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  switch (typeof v) {
    case 'string':
      return v.includes('"') || v.includes('\\') ? `"${v.replace(/["\\]/g, '\\$&')}"` : `"${v}"`;
    case 'number':
      if (!Number.isFinite(v)) throw new RangeError(`Not a finite number for a bulk insert: ${v}`);
      return String(v);
    case 'boolean':
      return v ? 't' : 'f';
    default:
      if (v instanceof Date) return `"${v.toISOString()}"`;
      throw new TypeError(`A bulk insert takes strings, numbers, booleans and dates, not ${typeof v}`);
  }
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
 * between the tables are checked at the end of the statement. Returns the parent's id. With `statementName`
 * the statement is prepared once per connection (PostgreSQL parses and plans it once), so a call site must
 * always pass the same tables and columns under one name. Identifiers come from the caller's code, never from input.
 */
export async function insertTree(db: SqlQuery, parent: ParentRow, children: readonly BulkRows[], statementName?: string): Promise<number> {
  const params: unknown[] = [];
  const names = (cols: readonly string[]) => cols.map((c) => `"${c}"`).join(', ');
  const parentValues = parent.columns.map(([, type, value]) => `$${params.push(toParam(value))}::${type}`);
  const ctes = [`parent AS (INSERT INTO "${parent.table}" (${names(parent.columns.map(([c]) => c))}) VALUES (${parentValues.join(', ')}) RETURNING id)`];
  children.forEach((child, i) => {
    // a named statement keeps one text whatever the rows: an empty table is written from empty arrays
    if (!child.count && !statementName) return;
    const arrays = child.columns.map(([, type, literal]) => `$${params.push(literal)}::${type}[]`);
    const columns = child.columns.map(([c]) => c);
    const select = child.parentKey
      ? `SELECT parent.id, u.* FROM parent, unnest(${arrays.join(', ')}) AS u`
      : `SELECT * FROM unnest(${arrays.join(', ')})`;
    ctes.push(`c${i} AS (INSERT INTO "${child.table}" (${names(child.parentKey ? [child.parentKey, ...columns] : columns)}) ${select})`);
  });
  const [row] = await db.query<{ id: number | string }>(`WITH ${ctes.join(',\n')} SELECT id FROM parent`, params, statementName);
  return Number(row.id);
}

/** Dates as ISO instants: both drivers then agree on the exact moment whatever the session time zone. */
function toParam(v: unknown): unknown {
  return v instanceof Date ? v.toISOString() : v;
}
