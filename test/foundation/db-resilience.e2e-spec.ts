import { Client } from 'pg';
import { openTestDatabase } from '../support/test-app';

(process.env.DATABASE_URL ? describe : describe.skip)('PostgreSQL pool resilience', () => {
  it('survives the server killing its idle connections and reconnects on the next query', async () => {
    // Before the first Prisma query only our start-up check holds a pooled connection, and Prisma's
    // adapter has not yet attached its own listener: the window a restart or failover must not crash.
    let idleErrors = 0;
    const handle = await openTestDatabase({ onIdleError: () => idleErrors++ });
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const name = new URL(handle.url!).pathname.slice(1);
      const killed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      expect(killed.rowCount).toBeGreaterThan(0);
      // the idle client's error event arrives (the process must not crash on it); then the next query reconnects
      while (idleErrors === 0) await new Promise((r) => setTimeout(r, 20));
      await expect(handle.db.prisma.apiClient.count()).resolves.toBe(0);
    } finally {
      await admin.end();
      await handle.db.close();
      await handle.drop();
    }
  });
});
