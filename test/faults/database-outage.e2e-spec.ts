import { Client } from 'pg';
import { openDatabase } from '../../libs/db/src';
import { signIn, StaffSession } from '../admin/admin-kit';
import type { HttpResponse } from '../support/http';
import { openTestDatabase, startTestApp, TestApp } from '../support/test-app';
import { TcpProxy } from './tcp-proxy';

const BASE_URL = process.env.DATABASE_URL;
const QUOTE_REQUESTS = '/api/v1/car-comp/quote-requests';
const TEST_CLOCKS = '/api/v1/sandbox/test-clocks';

// The embedded database runs inside the API's own process: it cannot restart or become unreachable on its own,
// so these scenarios exist only with PostgreSQL (DATABASE_URL).
const onPostgres = BASE_URL ? describe : describe.skip;
if (!BASE_URL) it.skip('database outage: PostgreSQL only (the embedded database cannot become unreachable apart from the API)', () => undefined);

/**
 * PostgreSQL restarted, failed over or cut off from the API: every call (partner API, console, sandbox tools, the
 * token endpoint) answers 503 (50301) with Retry-After, as for Redis, and /health/ready says so; a write cut off
 * leaves nothing behind; once the database is back the next calls succeed, with no restart of the API.
 */
onPostgres('database unreachable', () => {
  let proxy: TcpProxy;
  let drop: () => Promise<void>;
  let dbName: string;
  let testDbUrl: string;
  let app: TestApp;
  let partner: Awaited<ReturnType<TestApp['partner']>>;
  let staff: StaffSession;
  let admin: Client;

  beforeAll(async () => {
    const handle = await openTestDatabase();
    await handle.db.close(); // the app opens it again, through the relay
    drop = handle.drop;
    testDbUrl = handle.url!;
    dbName = new URL(testDbUrl).pathname.slice(1);
    const pg = new URL(BASE_URL!);
    proxy = await TcpProxy.start({ host: pg.hostname, port: Number(pg.port || 5432) });
    const db = await openDatabase({ url: proxy.route(handle.url!) });
    app = await startTestApp({ db });
    partner = await app.partner(['motor-comprehensive-comparison']);
    staff = await signIn(app, 'admin');
    admin = new Client({ connectionString: BASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await proxy?.up();
    await app?.close();
    await app?.db.close();
    await proxy?.down();
    await admin?.end();
    await drop?.();
  });

  const expect503 = (res: HttpResponse, what: string) => {
    expect({ what, status: res.status, code: res.body?.code, retryAfter: res.headers.get('retry-after') }).toEqual({
      what,
      status: 503,
      code: '50301',
      retryAfter: '5',
    });
    expect(res.body).toMatchObject({ retry_after_seconds: 5 });
  };
  const listQuotes = () => app.request(QUOTE_REQUESTS, { token: partner.token });
  const calls = (label: string) => ({
    'partner list': listQuotes(),
    'token endpoint': app.request('/oauth/token', { json: { grant_type: 'client_credentials', client_id: partner.id, client_secret: partner.secret } }),
    'sandbox tool': app.request(TEST_CLOCKS, { token: partner.token }),
    'sandbox tool write': app.request(TEST_CLOCKS, { token: partner.token, json: { name: label } }),
    'console list': staff.call('/admin/api/clients'),
  });
  /** Calls until one succeeds: the pool reconnects on demand, so the first calls after the database is back may still fail. */
  const recovered = async () => {
    const stop = Date.now() + 60_000;
    let res = await listQuotes();
    while (res.status !== 200 && Date.now() < stop) {
      expect(res.status).toBe(503);
      await new Promise((r) => setTimeout(r, 100));
      res = await listQuotes();
    }
    expect(res.status).toBe(200);
  };

  it('answers 503 with Retry-After on every route while the database cannot be reached, then recovers by itself', async () => {
    expect((await listQuotes()).status).toBe(200);
    await proxy.down();

    for (const [what, call] of Object.entries(calls('during the outage'))) expect503(await call, what);
    const ready = await app.request('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.checks).toMatchObject({ database: 'down' });
    expect(ready.headers.get('retry-after')).toBe('5');

    await proxy.up();
    await recovered();
    for (const [what, call] of Object.entries(calls('after the outage')))
      expect({ what, status: (await call).status }).toEqual({ what, status: what === 'sandbox tool write' ? 201 : 200 });
    expect((await app.request('/health/ready')).status).toBe(200);
    // the write refused during the outage left nothing
    const clocks = (await app.request(TEST_CLOCKS, { token: partner.token })).body;
    expect(JSON.stringify(clocks)).not.toContain('during the outage');
  });

  /**
   * Runs `call` while its statement on `table` waits behind a lock (`mode`) inside PostgreSQL, then terminates every backend
   * of the app's database under it, as a restart does (the admin connection is on another database): the
   * termination is certain to land under the call.
   */
  const terminatedUnder = async (table: string, call: () => Promise<HttpResponse>, mode = 'ACCESS EXCLUSIVE'): Promise<HttpResponse> => {
    const holder = new Client({ connectionString: testDbUrl });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query(`LOCK TABLE ${table} IN ${mode} MODE`);
    const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const pending = call();
    try {
      let waiting: number[] = [];
      while (waiting.length === 0) {
        const rows = await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> $2`, [
          dbName,
          holderPid,
        ]);
        waiting = rows.rows.map((r) => r.pid);
        if (waiting.length === 0) await new Promise((r) => setTimeout(r, 20));
      }
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> $2', [dbName, holderPid]);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    return pending;
  };

  it('sends a read whose connection the server terminated (57P01) once more on a new connection: the partner gets its answer', async () => {
    expect((await listQuotes()).status).toBe(200);
    const res = await terminatedUnder('motor_quote_requests', listQuotes);
    expect({ status: res.status, body: res.body?.current_page }).toEqual({ status: 200, body: 1 });
  });

  it('answers 503, not 500, to a write whose connection was terminated (never retried blindly), leaving nothing; the next calls succeed', async () => {
    expect((await listQuotes()).status).toBe(200);
    const write = () => app.request(TEST_CLOCKS, { token: partner.token, json: { name: 'cut off' } });
    // EXCLUSIVE lets the write's reads through and holds its INSERT: the termination lands under the write itself
    expect503(await terminatedUnder('test_clocks', write, 'EXCLUSIVE'), 'the write whose connection was terminated');
    await recovered();
    const clocks = (await app.request(TEST_CLOCKS, { token: partner.token })).body;
    expect(JSON.stringify(clocks)).not.toContain('cut off');
  });
});
