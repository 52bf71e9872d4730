import { ASYNC_COMMIT, type Database } from '@lib/db';
import { openTestDatabase } from '../support/test-app';

interface Child {
  label: string | null;
  n: number | null;
  amount: string | null;
  flag: boolean | null;
  at: Date | null;
  parts: unknown;
}

/**
 * The quote request's write (quote-request.repository.ts) gives each child table's rows as one array parameter per
 * column, spread into rows by unnest, and a json column's values as the JSON of one array, spread by
 * json_array_elements beside them: every value must come back
 * exactly as given, whatever characters it holds, on the embedded database and on PostgreSQL (each driver writes the
 * arrays' literals its own way).
 */
const INSERT = `WITH parent AS (INSERT INTO bulk_parent (name) VALUES ($1::text) RETURNING id),
  children AS (INSERT INTO bulk_child (parent_id, position, label, n, amount, flag, at, parts)
    SELECT parent.id, c.* FROM parent, ROWS FROM (unnest($2::int[]), unnest($3::text[]), unnest($4::int[]), unnest($5::numeric[]), unnest($6::boolean[]),
                                                  unnest($7::timestamptz[]), json_array_elements($8::json)) AS c)
  SELECT id FROM parent`;

async function write(db: Database, name: string, children: Child[]): Promise<number> {
  const [row] = await db.sql.query<{ id: number }>(
    INSERT,
    [
      name,
      children.map((_, i) => i),
      children.map((c) => c.label),
      children.map((c) => c.n),
      children.map((c) => c.amount),
      children.map((c) => c.flag),
      children.map((c) => c.at?.toISOString() ?? null),
      JSON.stringify(children.map((c) => c.parts)),
    ],
    'bulk_insert_unnest',
  );
  return row.id;
}

describe('bulk insert of rows given as one array parameter per column', () => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    await db.sql.exec(`CREATE TABLE bulk_parent (id serial PRIMARY KEY, name text NOT NULL);
      CREATE TABLE bulk_child (id serial PRIMARY KEY, parent_id int NOT NULL REFERENCES bulk_parent(id), position int NOT NULL,
        label text, n int, amount numeric(14, 2), flag boolean, at timestamptz, parts json)`);
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  const read = (id: number) =>
    db.sql.query<Child>('SELECT label, n, amount::text AS amount, flag, at, parts FROM bulk_child WHERE parent_id = $1 ORDER BY position', [id]);

  it('stores every value as given: quotes, backslashes, braces, commas, NULL-looking text, Arabic, empty, JSON whole', async () => {
    const labels = ['plain', 'say "hi"', 'back\\slash', '\\"', '{a,b}', 'a, b', ' padded ', '', 'NULL', 'null', 'الكثبان للتأمين', "it's", '}{"\\'];
    const children: Child[] = labels.map((label, i) => ({
      label,
      n: i % 3 === 0 ? null : i - 5,
      amount: i % 4 === 0 ? null : `${i}23.4${i % 10}`,
      flag: i % 5 === 0 ? null : i % 2 === 0,
      at: i % 6 === 0 ? null : new Date(Date.UTC(2026, 10, 26, 4, i, 7, 250)),
      parts: i % 7 === 0 ? null : [{ name: label, note: 'back\\slash \u00e9 "q"', ar: 'الكثبان', n: [1, 2.5, null, true] }],
    }));
    children.push({ label: null, n: 0, amount: '0.00', flag: false, at: null, parts: [] });

    const id = await write(db, 'parent "one"', children);

    expect(await db.sql.query('SELECT name FROM bulk_parent WHERE id = $1', [id])).toEqual([{ name: 'parent "one"' }]);
    expect((await read(id)).map((r) => ({ ...r, at: r.at === null ? null : new Date(r.at).toISOString() }))).toEqual(
      children.map((c) => ({ ...c, at: c.at?.toISOString() ?? null })),
    );
    // a json value is kept as its text in the array given, not re-serialised
    const [{ text }] = await db.sql.query<{ text: string }>('SELECT parts::text AS text FROM bulk_child WHERE parent_id = $1 AND position = 1', [id]);
    expect(text).toBe(JSON.stringify(children[1].parts));
  });

  it('writes through one prepared statement whatever the rows, none included', async () => {
    const child = (label: string): Child => ({ label, n: 1, amount: '1.00', flag: true, at: null, parts: null });
    const ids = [await write(db, 'named 2', [child('x'), child('y')]), await write(db, 'named 0', []), await write(db, 'named 1', [child('z')])];
    expect(await Promise.all(ids.map(async (id) => (await read(id)).map((r) => r.label)))).toEqual([['x', 'y'], [], ['z']]);
  });

  it('commits without waiting for the disk only when asked, and only in its own transaction', async () => {
    const setting = async (q: { query: Database['sql']['query'] }) => (await q.query<{ s: string }>("SELECT current_setting('synchronous_commit') AS s"))[0].s;
    const configured = await setting(db.sql);
    const inTransaction = (asyncCommit: boolean) =>
      db.sql.transaction(async (tx) => {
        await tx.query(`INSERT INTO bulk_parent (name) VALUES ($1) RETURNING id${asyncCommit ? `, ${ASYNC_COMMIT}` : ''}`, [`async ${asyncCommit}`]);
        return setting(tx);
      });
    expect(await inTransaction(false)).toBe(configured);
    expect(await inTransaction(true)).toBe('off');
    for (let i = 0; i < 5; i++) expect(await setting(db.sql)).toBe(configured);
    expect(await db.sql.query('SELECT name FROM bulk_parent WHERE name LIKE $1 ORDER BY id', ['async %'])).toEqual([
      { name: 'async false' },
      { name: 'async true' },
    ]);
  });
});
