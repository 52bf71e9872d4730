import type { SqlDatabase } from './sql-target';
import { isPlainRead, readRetryingSql } from './read-retry';

const lost = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A plain-SQL client whose statements fail with the given errors first, then answer. */
function flaky(...failures: Error[]) {
  const sent: string[] = [];
  const db: SqlDatabase = {
    query: async <T>(sql: string) => {
      sent.push(sql);
      const failure = failures.shift();
      if (failure) throw failure;
      return [{ ok: 1 }] as T[];
    },
    exec: async () => undefined,
    transaction: async (fn) => fn({ query: async () => [] }),
  };
  return { db: readRetryingSql(db), sent };
}

describe('reads tried again when their connection was lost', () => {
  it('tells plain reads from statements with an effect', () => {
    expect(isPlainRead('SELECT id FROM payments WHERE id = $1')).toBe(true);
    expect(isPlainRead('  select count(*) from claims')).toBe(true);
    expect(isPlainRead('INSERT INTO payments (id) VALUES ($1)')).toBe(false);
    expect(isPlainRead('WITH done AS (UPDATE x SET y = 1 RETURNING id) SELECT id FROM done')).toBe(false);
    expect(isPlainRead('SELECT id, pg_notify($1, id) FROM done')).toBe(false);
    expect(isPlainRead('SELECT id FROM due_events FOR UPDATE SKIP LOCKED')).toBe(false);
    expect(isPlainRead("SELECT nextval('invoice_numbers')")).toBe(false);
  });

  it('sends a read again once on a new connection after the server terminated the first', async () => {
    const { db, sent } = flaky(lost());
    await expect(db.query('SELECT 1')).resolves.toEqual([{ ok: 1 }]);
    expect(sent).toHaveLength(2);
  });

  it('tries past the other dropped connections the pool still held, then gives up after four tries', async () => {
    const twice = flaky(lost(), lost(), lost());
    await expect(twice.db.query('SELECT 1')).resolves.toEqual([{ ok: 1 }]);
    expect(twice.sent).toHaveLength(4);
    const { db, sent } = flaky(lost(), lost(), lost(), lost());
    await expect(db.query('SELECT 1')).rejects.toMatchObject({ code: '57P01' });
    expect(sent).toHaveLength(4);
  });

  it('never retries a write, nor a read the database refused to connect for (it is down: answer 503 at once)', async () => {
    const write = flaky(lost());
    await expect(write.db.query('UPDATE payments SET status = $1')).rejects.toMatchObject({ code: '57P01' });
    expect(write.sent).toHaveLength(1);
    const down = flaky(refused());
    await expect(down.db.query('SELECT 1')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(down.sent).toHaveLength(1);
  });

  it('never retries what is not a connection fault', async () => {
    const { db, sent } = flaky(Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' }));
    await expect(db.query('SELECT * FROM nope')).rejects.toMatchObject({ code: '42P01' });
    expect(sent).toHaveLength(1);
  });
});
