import { EXACT_TOTAL_UP_TO, listPage, Prisma, type Database, type ListPageQuery, type StatementTally } from '@lib/db';
import { openTestDatabase } from '../support/test-app';

type Row = { id: number; owner: string; amount: string; notes: number };

/**
 * listPage reads a list page, each row's related rows and the envelope's total in one statement: on the embedded
 * database and on PostgreSQL, the rows in the list's order, the total exact up to EXACT_TOTAL_UP_TO and kept a while
 * past it, a page past the last answering the total alone.
 */
describe('a list page and its total in one statement', () => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase({ countStatements: true }));
    await db.sql.exec(`CREATE TABLE lp_items (id serial PRIMARY KEY, owner text NOT NULL, amount numeric(12,2) NOT NULL);
                       CREATE TABLE lp_notes (id serial PRIMARY KEY, item_id int NOT NULL REFERENCES lp_items(id));
                       CREATE INDEX ON lp_items (owner, id DESC);`);
    // owner a: 30 items; owner big: past the exact count; each of a's even items has two notes
    await db.sql.exec(`INSERT INTO lp_items (owner, amount) SELECT 'a', (n * 10 + 0.05) FROM generate_series(1, 30) n;
                       INSERT INTO lp_items (owner, amount) SELECT 'big', 1 FROM generate_series(1, ${EXACT_TOTAL_UP_TO + 5}) n;
                       INSERT INTO lp_notes (item_id) SELECT id FROM lp_items, generate_series(1, 2) WHERE owner = 'a' AND id % 2 = 0;`);
  });

  afterAll(async () => {
    await db.close();
    await drop();
  });

  const query = (owner: string, skip: number, take: number, minAmount?: string): ListPageQuery => {
    const where = [Prisma.sql`i.owner = ${owner}`, ...(minAmount ? [Prisma.sql`i.amount >= ${minAmount}::numeric`] : [])];
    return {
      // no key: the large total is kept under the list's table and filter with its values
      from: Prisma.sql`lp_items i`,
      where: Prisma.join(where, ' AND '),
      orderBy: Prisma.sql`i.id DESC`,
      select: Prisma.sql`i.id, i.owner, i.amount::text AS amount, n.notes`,
      joins: Prisma.sql`LEFT JOIN LATERAL (SELECT count(*)::int AS notes FROM lp_notes WHERE item_id = i.id) n ON true`,
      skip,
      take,
    };
  };
  const counted = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
    const tally: StatementTally = { statements: 0 };
    const result = await db.statements!.within(tally, fn);
    return [result, tally.statements];
  };

  it('answers the page in order with its joined rows and the exact total, in one statement', async () => {
    const [[rows, total], statements] = await counted(() => listPage<Row>(db.sql, query('a', 10, 5)));
    expect(statements).toBe(1);
    expect(total).toBe(30);
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(rows).toHaveLength(5);
    // the 11th to 15th newest of a's 30 items (ids 1-30): 20 down to 16, notes on the even ones, amounts exact
    expect(rows.map((r) => [r.id, r.amount, r.notes])).toEqual([
      [20, '200.05', 2],
      [19, '190.05', 0],
      [18, '180.05', 2],
      [17, '170.05', 0],
      [16, '160.05', 2],
    ]);
    expect(Object.keys(rows[0]).sort()).toEqual(['amount', 'id', 'notes', 'owner']);
  });

  it('counts what the filter matches, whatever the page', async () => {
    const [rows, total] = await listPage<Row>(db.sql, query('a', 0, 15, '255.00'));
    expect(total).toBe(5);
    expect(rows.map((r) => r.id)).toEqual([30, 29, 28, 27, 26]);
  });

  it('answers the total alone on a page past the last, and zero for a list with no rows', async () => {
    expect(await listPage<Row>(db.sql, query('a', 45, 15))).toEqual([[], 30]);
    expect(await listPage<Row>(db.sql, query('nobody', 0, 15))).toEqual([[], 0]);
  });

  it('counts a list past the exact bound once in full, then keeps that total without counting again', async () => {
    const [[first, total], statements] = await counted(() => listPage<Row>(db.sql, query('big', 0, 3)));
    expect(total).toBe(EXACT_TOTAL_UP_TO + 5);
    expect(first).toHaveLength(3);
    expect(statements).toBe(2); // the page with the bounded count, then the full count
    await db.sql.query(`INSERT INTO lp_items (owner, amount) VALUES ('big', 1)`);
    const [[again, kept], later] = await counted(() => listPage<Row>(db.sql, query('big', 0, 3)));
    expect(later).toBe(1);
    expect(kept).toBe(EXACT_TOTAL_UP_TO + 5);
    expect(again[0].id).toBeGreaterThan(first[0].id); // the page itself is read afresh
    // another filter's values are another list: counted on its own
    const [[, small]] = await counted(() => listPage<Row>(db.sql, query('a', 0, 3)));
    expect(small).toBe(30);
  });
});
