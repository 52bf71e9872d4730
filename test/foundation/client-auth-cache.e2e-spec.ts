import { openDatabase } from '@lib/db';
import { ClientsService } from '../../apps/api/src/platform/clients/clients.service';
import { ClientAuthStateRepository } from '../../apps/api/src/platform/auth/client-auth-state.repository';
import { ProbeModule } from '../support/probe.module';
import { untilStatus } from '../support/http';
import { openTestDatabase, startTestApp, TestApp } from '../support/test-app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The bearer check keeps client auth state in memory; every change must still count on the next request. */
describe('client auth state kept in memory', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ extraModules: [ProbeModule] });
  });
  afterAll(() => app.close());

  const ping = (token: string) => app.request('/api/v1/probe/ping', { token });

  it('sees deactivation, enrolment and rotation after the state was read, as each notification arrives', async () => {
    const clients = app.api.app.get(ClientsService);
    const p = await app.partner(['motor-tpl']);
    expect((await ping(p.token)).status).toBe(200);

    await clients.setActive(p.id, false);
    expect(await untilStatus(() => ping(p.token), 401)).toBe(401);
    await clients.setActive(p.id, true);
    // a token issued after the activation works once this instance has seen it; the one before stays revoked
    const fresh = await app.token(p);
    expect(await untilStatus(() => ping(fresh), 200)).toBe(200);
    expect((await ping(p.token)).status).toBe(401);

    await clients.unenrol(p.id, ['motor-tpl']);
    expect(await untilStatus(() => ping(fresh), 403)).toBe(403);
    await clients.enrol(p.id, ['motor-tpl']);
    expect(await untilStatus(() => ping(fresh), 200)).toBe(200);

    await clients.rotateSecret(p.id);
    expect(await untilStatus(() => ping(fresh), 401)).toBe(401);
  });

  it('sees a change written straight to the database by someone else (the CLI, another instance) as its notification arrives', async () => {
    const p = await app.partner(['motor-tpl']);
    for (let i = 0; i < 10; i++) {
      expect((await ping(p.token)).status).toBe(200);
      await app.db.sql.query("UPDATE api_clients SET products = '{}' WHERE id = $1::uuid", [p.id]);
      expect(await untilStatus(() => ping(p.token), 403)).toBe(403);
      await app.db.sql.query("UPDATE api_clients SET products = '{motor-tpl}' WHERE id = $1::uuid", [p.id]);
      expect(await untilStatus(() => ping(p.token), 200)).toBe(200);
    }
    // a deactivation by hand revokes the client's tokens too (the database moves the token version on)
    await app.db.sql.query('UPDATE api_clients SET active = false WHERE id = $1::uuid', [p.id]);
    expect(await untilStatus(() => ping(p.token), 401)).toBe(401);
    await app.db.sql.query('UPDATE api_clients SET active = true WHERE id = $1::uuid', [p.id]);
    const fresh = await app.token(p);
    expect(await untilStatus(() => ping(fresh), 200)).toBe(200);
    expect((await ping(p.token)).status).toBe(401);
  });
});

(process.env.DATABASE_URL ? describe : describe.skip)('client auth state across instances on PostgreSQL', () => {
  it('one instance sees a deactivation made through another, each with its own connections', async () => {
    const shared = await openTestDatabase();
    const otherDb = await openDatabase({ url: shared.url });
    const one = await startTestApp({ extraModules: [ProbeModule], db: shared.db });
    const two = await startTestApp({ extraModules: [ProbeModule], db: otherDb, clock: one.clock });
    try {
      const p = await one.partner(['motor-tpl']);
      expect((await two.request('/api/v1/probe/ping', { token: p.token })).status).toBe(200);
      await one.api.app.get(ClientsService).setActive(p.id, false);
      expect(await untilStatus(() => two.request('/api/v1/probe/ping', { token: p.token }), 401)).toBe(401);
    } finally {
      await one.close();
      await two.close();
      await otherDb.close();
      await shared.db.close();
      await shared.drop();
    }
  });

  it('reads from the database while its notifications are down, and caches again once they are back', async () => {
    const app = await startTestApp({ extraModules: [ProbeModule] });
    try {
      const p = await app.partner(['motor-tpl']);
      const ping = () => app.request('/api/v1/probe/ping', { token: p.token });
      expect((await ping()).status).toBe(200);
      // Cut the listening connection: a change made now sends a notification nobody receives. Once the instance
      // has noticed, it stops trusting its memory.
      const authState = app.api.app.get(ClientAuthStateRepository);
      await app.db.sql.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'");
      while (authState.listening) await sleep(20);
      await app.db.sql.query("UPDATE api_clients SET products = '{}' WHERE id = $1::uuid", [p.id]);
      expect((await ping()).status).toBe(403);
      await app.db.sql.query("UPDATE api_clients SET products = '{motor-tpl}' WHERE id = $1::uuid", [p.id]);
      expect((await ping()).status).toBe(200);

      // Reconnected (it retries in the background): notifications count again.
      while (!authState.listening) await sleep(50);
      expect((await ping()).status).toBe(200);
      await app.db.sql.query('UPDATE api_clients SET active = false WHERE id = $1::uuid', [p.id]);
      expect(await untilStatus(ping, 401)).toBe(401);
    } finally {
      await app.close();
    }
  });
});
