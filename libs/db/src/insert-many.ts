import type { SqlQuery } from './sql-target';

/** A column of a bulk insert: its name, its SQL type, and the key of the rows' objects it is read from. */
export type JsonField = readonly [column: string, sqlType: string, key: string];

/**
 * Rows for one table of a bulk insert, as the JSON text of an array of objects, spread by `json_to_recordset`
 * (one text parameter, however many rows). `parentKey` names the column that takes the parent row's id.
 */
export interface JsonRows {
  table: string;
  fields: readonly JsonField[];
  /** An array of objects as JSON: text, or UTF-8 bytes (see SqlTarget); `[]` for none. */
  json: string | Buffer;
  parentKey?: string;
  /**
   * A json column whose values are given apart from the rows (see ChildTable's `apart`): the JSON of an array holding
   * one value per row, in the rows' order (the two are zipped: a value or a row without its pair would be written
   * beside NULLs).
   */
  apart?: { column: string; json: string | Buffer };
}

/**
 * Rows given as objects (serialised here) or as JSON already made. JSON has no NaN nor Infinity: JSON.stringify
 * writes them as null, so a column that must hold a number is NOT NULL. Dates are written as ISO instants; nested
 * arrays and objects go whole into json columns.
 */
export function jsonRows(table: string, fields: readonly JsonField[], rows: readonly object[] | string | Buffer, parentKey?: string): JsonRows {
  return { table, fields, parentKey, json: typeof rows === 'string' || Buffer.isBuffer(rows) ? rows : JSON.stringify(rows) };
}

/**
 * What a child table's INSERT is made of (its rows aside). `apart` names a json column written from a parameter of its
 * own (JsonRows' `apart`), zipped with the rows: json_to_recordset unescapes every string of its input, a nested
 * value's too, and then parses a json field's text once more, where json_array_elements hands each value over as it
 * is. For a quote request's answers, whose offers as partners read them are most of the bytes, that was 0.1 ms of the
 * database's CPU for every two answers, about a sixth of what it spends on a quote request.
 */
export type ChildTable = Pick<JsonRows, 'table' | 'fields' | 'parentKey'> & { apart?: string };

/**
 * The INSERT of `child`'s rows from the JSON parameter `param` (and its `apart` column's values from `apartParam`), in a
 * statement whose CTE `parent` returns the parent's id: nothing is written when `parent` returns no row. Identifiers
 * come from the caller's code, never from input.
 */
export function childInsertSql(child: ChildTable, param: string, apartParam?: string): string {
  const parentKey = child.parentKey ? [child.parentKey] : [];
  const keys = child.fields.map(([, , key]) => key);
  const columns = [...parentKey, ...child.fields.map(([column]) => column)].map((c) => `"${c}"`);
  const values = [...parentKey.map(() => 'parent.id'), ...keys.map((key) => `r."${key}"`)];
  const record = child.fields.map(([, type, key]) => `"${key}" ${type}`).join(', ');
  if (!child.apart) {
    return `INSERT INTO "${child.table}" (${columns.join(', ')}) SELECT ${values.join(', ')} FROM parent, json_to_recordset(${param}::json) AS r(${record})`;
  }
  if (!apartParam) throw new Error(`childInsertSql: "${child.table}".${child.apart} needs its own parameter`);
  const names = [...keys, child.apart].map((n) => `"${n}"`).join(', ');
  return `INSERT INTO "${child.table}" (${[...columns, `"${child.apart}"`].join(', ')}) SELECT ${[...values, `r."${child.apart}"`].join(', ')}
            FROM parent, ROWS FROM (json_to_recordset(${param}::json) AS (${record}), json_array_elements(${apartParam}::json)) AS r(${names})`;
}

/**
 * A select-list expression that makes the statement's own transaction commit without waiting for its WAL to be
 * flushed: for rows nobody has been promised yet, written ahead of a later statement whose ordinary (synchronous)
 * commit flushes the WAL up to itself, and so makes them durable too before anyone is answered. If the server crashes
 * in between, they are lost together with the answer that was never given.
 */
export const ASYNC_COMMIT = "set_config('synchronous_commit', 'off', true)";

/** One parent row: its columns with SQL types, and its values. */
export interface ParentRow {
  table: string;
  columns: readonly (readonly [column: string, sqlType: string, value: unknown])[];
}

/**
 * Inserts a parent row and every child table's rows in one statement (one round trip, atomic on its own): the
 * parent in a CTE that returns its id, each child table from one JSON parameter, so neither the statement nor its
 * plan grows with the number of rows. Foreign keys between the tables are checked at the end of the statement.
 * Returns the parent's id. With `statementName` the statement is prepared once per connection (PostgreSQL parses
 * and plans it once), so a call site must always pass the same tables and columns under one name. With `asyncCommit`,
 * the statement does not wait for its commit to reach the disk (see ASYNC_COMMIT).
 */
export async function insertTree(
  db: SqlQuery,
  parent: ParentRow,
  children: readonly JsonRows[],
  { statementName, asyncCommit = false }: { statementName?: string; asyncCommit?: boolean } = {},
): Promise<number> {
  // a named statement keeps one text whatever the rows: an empty table is written from an empty array
  const written = statementName ? children : children.filter((c) => !isEmptyArray(c.json));
  const params = [...parent.columns.map(([, , value]) => toParam(value)), ...written.flatMap((c) => (c.apart ? [c.json, c.apart.json] : [c.json]))];
  // a connection refuses a name it prepared with another text: the two ways of committing are two statements
  const name = statementName && (asyncCommit ? `${statementName}_async_commit` : statementName);
  let sql = name === undefined ? undefined : treeStatements.get(name);
  if (sql === undefined) {
    sql = treeInsertSql(parent, written, asyncCommit);
    if (name !== undefined) treeStatements.set(name, sql);
  }
  const [row] = await db.query<{ id: number | string }>(sql, params, name);
  return Number(row.id);
}

/** The text of each named tree insert, made on its first call (the name's tables and columns never change). */
const treeStatements = new Map<string, string>();

/** The parent in a CTE that returns its id, then each child table, its JSON numbered after the parent's values. */
function treeInsertSql(parent: ParentRow, children: readonly JsonRows[], asyncCommit: boolean): string {
  const names = parent.columns.map(([c]) => `"${c}"`).join(', ');
  const values = parent.columns.map(([, type], i) => `$${i + 1}::${type}`).join(', ');
  let param = parent.columns.length;
  const ctes = [
    `parent AS (INSERT INTO "${parent.table}" (${names}) VALUES (${values}) RETURNING id)`,
    ...children.map((child, i) => {
      const rows = `$${++param}`;
      const apart = child.apart ? `$${++param}` : undefined;
      return `c${i} AS (${childInsertSql({ ...child, apart: child.apart?.column }, rows, apart)})`;
    }),
  ];
  return `WITH ${ctes.join(',\n')} SELECT id${asyncCommit ? `, ${ASYNC_COMMIT}` : ''} FROM parent`;
}

function isEmptyArray(json: string | Buffer): boolean {
  return json.length === 2 && (typeof json === 'string' ? json : json.toString('latin1')) === '[]';
}

/** Dates as ISO instants: both drivers then agree on the exact moment whatever the session time zone. */
function toParam(v: unknown): unknown {
  return v instanceof Date ? v.toISOString() : v;
}
