import { Prisma } from './generated/prisma/client';
import { cachedLargeTotal, EXACT_TOTAL_UP_TO, rememberLargeTotal } from './list-total';
import type { SqlQuery } from './sql-target';

/** A list page read in plain SQL: what its rows are made of and which rows, in the list's order. */
export interface ListPageQuery {
  /**
   * The list and its filter, for the large totals kept a while (see listTotal); by default `from` and `where` with its
   * values. A filter whose values change on every call (the instant a lapse is read at) names its own.
   */
  key?: string;
  /** The table the list counts, with its alias: `motor_policies p`. */
  from: Prisma.Sql;
  /** The list's filter on that alias (at least the client's own rows). */
  where: Prisma.Sql;
  /** The list's order, ending on a unique column so pages never overlap. */
  orderBy: Prisma.Sql;
  /** The page's columns (of `from` and of `joins`); `id` must be among them, never null on a row. */
  select: Prisma.Sql;
  /** What each row of the page joins besides (its open payment, its documents), read for the page's rows only. */
  joins?: Prisma.Sql;
  skip: number;
  take: number;
}

/**
 * A list page and its envelope's `total` in one statement (one round trip where Prisma's findMany, count and each
 * relation took one each; on a small machine shared with the database the round trips were most of a page's cost).
 * The total is counted as listTotal counts it: exactly up to EXACT_TOTAL_UP_TO rows, bounded by the list's own order
 * so the count reads the list's index; past that once, then kept LARGE_TOTAL_TTL_MS. The statement is prepared once per
 * connection and filter shape (named after its text: the values differ, the text does not).
 *
 * The page is joined to its total (`LEFT JOIN LATERAL`), so a page past the last answers the total on one empty row.
 */
export async function listPage<Row extends { id: unknown }>(db: SqlQuery, q: ListPageQuery): Promise<[Row[], number]> {
  const key = q.key ?? `${q.from.text}:${q.where.text}:${JSON.stringify(q.where.values)}`;
  const known = cachedLargeTotal(key);
  const bounded = Prisma.sql`(SELECT count(*) FROM (SELECT 1 FROM ${q.from} WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT ${EXACT_TOTAL_UP_TO + 1}) c)`;
  const statement = Prisma.sql`SELECT t.total, r.* FROM (SELECT ${known === undefined ? bounded : Prisma.sql`NULL::bigint`} AS total) t
    LEFT JOIN LATERAL (SELECT ${q.select} FROM ${q.from} ${q.joins ?? Prisma.empty} WHERE ${q.where}
                        ORDER BY ${q.orderBy} LIMIT ${q.take} OFFSET ${q.skip}) r ON true`;
  const rows = await db.query<Row & { total: string | number | null }>(statement.text, statement.values, statementName(statement.text));
  const page = rows.filter((r) => r.id !== null).map(({ total: _total, ...row }) => row as unknown as Row);
  if (known !== undefined) return [page, known];
  const total = Number(rows[0].total);
  if (total <= EXACT_TOTAL_UP_TO) return [page, total];
  const [all] = await db.query<{ count: string | number }>(...countAll(q));
  return [page, rememberLargeTotal(key, Number(all.count))];
}

function countAll(q: ListPageQuery): [string, unknown[]] {
  const s = Prisma.sql`SELECT count(*) FROM ${q.from} WHERE ${q.where}`;
  return [s.text, s.values];
}

/**
 * Each statement text's prepared-statement name in this process (a connection keeps one text under a name). The texts
 * are the lists' filter shapes, a bounded set; should a bug make them unbounded, past MAX_NAMED texts run unnamed.
 */
const names = new Map<string, string>();
const MAX_NAMED = 5_000;

function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) names.set(text, (name = `list_${names.size + 1}`));
  return name;
}
