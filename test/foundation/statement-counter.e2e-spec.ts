import { randomUUID } from 'node:crypto';
import { Database } from '../../libs/db/src';
import { openTestDatabase } from '../support/test-app';

/** The statement counter counts what the database receives, Prisma's and plain SQL alike, the same on PGlite and PostgreSQL. */
describe('statement counter', () => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase({ countStatements: true }));
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  const measure = (fn: () => Promise<unknown>) => db.statements!.measure(fn);
  const client = (name = 'Counted') => ({ id: randomUUID(), name, secretHash: 'x' });

  it('counts each Prisma statement, and a transaction with its BEGIN and COMMIT', async () => {
    expect(await measure(() => db.prisma.apiClient.findMany())).toBe(1);
    expect(await measure(() => db.prisma.$transaction([db.prisma.apiClient.findMany(), db.prisma.apiClient.count()]))).toBe(4);
    expect(await measure(() => db.prisma.$transaction(async (tx) => tx.apiClient.create({ data: client() })))).toBe(3);
  });

  it('counts a rolled-back transaction with its ROLLBACK', async () => {
    const tally = { statements: 0 };
    await db.statements!.within(tally, () =>
      db.prisma
        .$transaction(async (tx) => {
          await tx.apiClient.create({ data: client('Rolled back') });
          throw new Error('changed my mind');
        })
        .catch((e: Error) => expect(e.message).toBe('changed my mind')),
    );
    expect(tally.statements).toBe(3);
    expect(await db.prisma.apiClient.count({ where: { name: 'Rolled back' } })).toBe(0);
  });

  it('counts plain SQL, its transactions included', async () => {
    expect(await measure(() => db.sql.query('SELECT 1'))).toBe(1);
    expect(await measure(() => db.sql.transaction((tx) => tx.query('SELECT 1')))).toBe(3);
  });

  it('counts what concurrent work sends apart, and everything in the total', async () => {
    const before = db.statements!.total;
    const [a, b] = await Promise.all([
      measure(async () => {
        await db.prisma.apiClient.findMany();
        await db.sql.query('SELECT 1');
      }),
      measure(() => db.prisma.apiClient.count()),
      db.sql.query('SELECT 2'),
    ]);
    expect([a, b]).toEqual([2, 1]);
    expect(db.statements!.total - before).toBe(4);
  });

  it('is absent unless asked for', async () => {
    const plain = await openTestDatabase();
    try {
      expect(plain.db.statements).toBeUndefined();
    } finally {
      await plain.db.close();
      await plain.drop();
    }
  });
});
