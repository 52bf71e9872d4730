import { concatJsonArrays, jsonBytes } from '@lib/common';
import { insertTree, jsonRows, type Database, type JsonField } from '@lib/db';
import { openTestDatabase } from '../support/test-app';

interface Child {
  label: string | null;
  n: number | null;
  amount: string | null;
  flag: boolean | null;
  at: Date | null;
}

/**
 * insertTree writes each child table from the JSON text of its rows (insert-many.ts): every value must come back
 * exactly as given, whatever characters it holds, on the embedded database and on PostgreSQL.
 */
const CHILD_FIELDS: JsonField[] = [
  ['label', 'text', 'label'],
  ['n', 'int', 'n'],
  ['amount', 'numeric', 'amount'],
  ['flag', 'boolean', 'flag'],
  ['at', 'timestamptz', 'at'],
];

describe('bulk insert of a parent and its children', () => {
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

  it('stores every value as given: quotes, backslashes, braces, commas, NULL-looking text, Arabic, empty', async () => {
    const labels = ['plain', 'say "hi"', 'back\\slash', '\\"', '{a,b}', 'a, b', ' padded ', '', 'NULL', 'null', 'الكثبان للتأمين', "it's", '}{"\\'];
    const children: Child[] = labels.map((label, i) => ({
      label,
      n: i % 3 === 0 ? null : i - 5,
      amount: i % 4 === 0 ? null : `${i}23.4${i % 10}`,
      flag: i % 5 === 0 ? null : i % 2 === 0,
      at: i % 6 === 0 ? null : new Date(Date.UTC(2026, 10, 26, 4, i, 7, 250)),
    }));
    children.push({ label: null, n: 0, amount: '0.00', flag: false, at: null });
    const indexed = children.map((c, position) => ({ ...c, position }));

    const id = await insertTree(db.sql, { table: 'bulk_parent', columns: [['name', 'text', 'parent "one"']] }, [
      jsonRows('bulk_child', [['position', 'int', 'position'], ...CHILD_FIELDS], indexed, 'parent_id'),
    ]);

    expect(await db.sql.query('SELECT name FROM bulk_parent WHERE id = $1', [id])).toEqual([{ name: 'parent "one"' }]);
    const rows = await db.sql.query<{ label: string | null; n: number | null; amount: string | null; flag: boolean | null; at: Date | null }>(
      'SELECT label, n, amount::text AS amount, flag, at FROM bulk_child WHERE parent_id = $1 ORDER BY position',
      [id],
    );
    expect(rows.map((r) => ({ ...r, at: r.at === null ? null : new Date(r.at).toISOString() }))).toEqual(
      children.map((c) => ({ ...c, at: c.at?.toISOString() ?? null })),
    );
  });

  it('writes rows whose JSON was made in parts, nested arrays whole into a json column', async () => {
    const parts = [[{ position: 0, label: 'a', parts: [{ id: 'x', amount: '1.50', name: 'say "hi"' }] }], [], [{ position: 1, label: 'الكثبان', parts: [] }]];
    const id = await insertTree(db.sql, { table: 'bulk_parent', columns: [['name', 'text', 'parts']] }, [
      jsonRows(
        'bulk_child',
        [
          ['position', 'int', 'position'],
          ['label', 'text', 'label'],
          ['parts', 'json', 'parts'],
        ],
        concatJsonArrays(parts.map(jsonBytes)),
        'parent_id',
      ),
    ]);
    expect(await db.sql.query('SELECT position, label, parts FROM bulk_child WHERE parent_id = $1 ORDER BY position', [id])).toEqual(parts.flat());
  });

  it('writes a json column given apart from the rows, each value with its own row, through one prepared statement', async () => {
    const fields: JsonField[] = [
      ['position', 'int', 'position'],
      ['label', 'text', 'label'],
    ];
    const write = (rows: { position: number; label: string; parts: unknown }[]) =>
      insertTree(
        db.sql,
        { table: 'bulk_parent', columns: [['name', 'text', `apart ${rows.length}`]] },
        [
          {
            ...jsonRows(
              'bulk_child',
              fields,
              rows.map(({ position, label }) => ({ position, label })),
              'parent_id',
            ),
            apart: { column: 'parts', json: jsonBytes(rows.map((r) => r.parts)) },
          },
        ],
        { statementName: 'bulk_insert_apart' },
      );
    const rows = [
      { position: 0, label: 'say "hi"', parts: [{ name: 'say "hi"', note: 'back\\slash \u00e9', ar: 'الكثبان' }] },
      { position: 1, label: 'empty', parts: [] },
      { position: 2, label: '{a,b}', parts: { nested: { deep: [1, 2.5, null, true] } } },
      { position: 3, label: 'null', parts: null },
    ];
    const ids = [await write(rows), await write([]), await write(rows.slice(1, 2))];
    const read = (id: number) => db.sql.query('SELECT position, label, parts FROM bulk_child WHERE parent_id = $1 ORDER BY position', [id]);
    expect(await read(ids[0])).toEqual(rows);
    expect(await read(ids[1])).toEqual([]);
    expect(await read(ids[2])).toEqual([rows[1]]);
    // the values are kept as given, not re-serialised: the stored text is the parameter's
    const [{ text }] = await db.sql.query<{ text: string }>('SELECT parts::text AS text FROM bulk_child WHERE parent_id = $1 AND position = 0', [ids[0]]);
    expect(text).toBe(JSON.stringify(rows[0].parts));
  });

  it('writes through one prepared statement whatever the rows, an empty table included', async () => {
    const write = (labels: string[]) =>
      insertTree(
        db.sql,
        { table: 'bulk_parent', columns: [['name', 'text', `named ${labels.length}`]] },
        [
          jsonRows(
            'bulk_child',
            [
              ['position', 'int', 'position'],
              ['label', 'text', 'label'],
            ],
            labels.map((label, position) => ({ position, label })),
            'parent_id',
          ),
        ],
        { statementName: 'bulk_insert_test' },
      );
    const ids = [await write(['x', 'y']), await write([]), await write(['z'])];
    const counts = await db.sql.query<{ parent_id: number; n: number }>(
      'SELECT p.id AS parent_id, count(c.id)::int AS n FROM bulk_parent p LEFT JOIN bulk_child c ON c.parent_id = p.id WHERE p.id = ANY($1::int[]) GROUP BY p.id ORDER BY p.id',
      [ids],
    );
    expect(counts.map((c) => c.n)).toEqual([2, 0, 1]);
  });

  it('writes through one statement name with and without async commit, on the same connection', async () => {
    // the pool hands a released connection out again (last in, first out): these run on one connection, which
    // refuses a statement name it prepared with another text
    const write = (asyncCommit: boolean) =>
      insertTree(db.sql, { table: 'bulk_parent', columns: [['name', 'text', `variant ${asyncCommit}`]] }, [], {
        statementName: 'bulk_insert_variants',
        asyncCommit,
      });
    const ids = [await write(true), await write(false), await write(true), await write(false)];
    expect(await db.sql.query('SELECT name FROM bulk_parent WHERE id = ANY($1::int[]) ORDER BY id', [ids])).toEqual(
      ['variant true', 'variant false', 'variant true', 'variant false'].map((name) => ({ name })),
    );
  });

  it('commits without waiting for the disk only when asked, and only in its own transaction', async () => {
    const setting = async (q: { query: Database['sql']['query'] }) => (await q.query<{ s: string }>("SELECT current_setting('synchronous_commit') AS s"))[0].s;
    const configured = await setting(db.sql);
    const inTransaction = (asyncCommit: boolean) =>
      db.sql.transaction(async (tx) => {
        await insertTree(tx, { table: 'bulk_parent', columns: [['name', 'text', `async ${asyncCommit}`]] }, [], { asyncCommit });
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
