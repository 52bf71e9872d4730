import { openTestDatabase } from '../support/test-app';

describe('transactions on a busy database', () => {
  it('wait for a connection longer than Prisma’s own 2 s default before answering busy', async () => {
    // One connection (PostgreSQL) or PGlite's single session, held by a plain-SQL transaction for 3 s:
    // an ordinary Prisma transaction started meanwhile must wait its turn and then commit.
    const handle = await openTestDatabase({ poolSize: 1 });
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let holding!: () => void;
      const started = new Promise<void>((r) => (holding = r));
      const holder = handle.db.sql.transaction(async (tx) => {
        await tx.query('SELECT 1');
        holding();
        await held;
      });
      await started;
      const waiting = handle.db.prisma.$transaction(async (tx) => tx.apiClient.count());
      setTimeout(release, 3_000);
      await expect(waiting).resolves.toBe(0);
      await holder;
    } finally {
      await handle.db.close();
      await handle.drop();
    }
  });
});
