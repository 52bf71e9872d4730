import { Database, openDatabase } from '../../libs/db/src';
import { WebhookEndpointRepository } from '../../apps/api/src/webhooks/endpoints/webhook-endpoint.repository';
import { WebhookOutbox } from '../../apps/api/src/webhooks/webhook-outbox';
import { eventually, LOCAL_RECEIVERS_ENV, WebhookReceiver } from '../webhooks/webhook-receiver';
import { openTestDatabase, startTestApp, TestApp } from '../support/test-app';
import { TcpProxy } from './tcp-proxy';

const BASE_URL = process.env.DATABASE_URL;
const POLL_MS = 200;

// The embedded database runs inside the API's own process: it cannot become unreachable apart from it,
// so this scenario exists only with PostgreSQL (DATABASE_URL).
const onPostgres = BASE_URL ? describe : describe.skip;
if (!BASE_URL) it.skip('background workers after a database outage: PostgreSQL only (the embedded database cannot become unreachable apart from the API)', () => undefined);

/**
 * The database goes away under a running API and comes back: the background workers, whose rounds fail while
 * it is gone, carry on by themselves once it is back (no restart), and deliver all that was waiting exactly once.
 */
onPostgres('background workers after a database outage', () => {
  let proxy: TcpProxy;
  let drop: () => Promise<void>;
  let app: TestApp;
  /** A connection straight to the test database, past the relay: writes and reads while the app is cut off. */
  let direct: Database;
  let receiver: WebhookReceiver;
  let clientId: string;

  beforeAll(async () => {
    const handle = await openTestDatabase();
    direct = handle.db;
    drop = handle.drop;
    const pg = new URL(BASE_URL!);
    proxy = await TcpProxy.start({ host: pg.hostname, port: Number(pg.port || 5432) });
    const db = await openDatabase({ url: proxy.route(handle.url!) });
    app = await startTestApp({
      db,
      env: { WEBHOOK_POLL_INTERVAL_MS: String(POLL_MS), WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_TIMEOUT_MS: '2000', ...LOCAL_RECEIVERS_ENV },
    });
    receiver = await WebhookReceiver.start();
    clientId = (await app.createClient(['motor-tpl-comparison'])).id;
    await app.db.prisma.$transaction((tx) =>
      app.api.app
        .get(WebhookEndpointRepository)
        .create(tx, { clientId, url: receiver.url, events: ['policy.status_updated'], description: null, at: app.clock.now() }),
    );
  });
  afterAll(async () => {
    await proxy?.up();
    await receiver?.close();
    await app?.close();
    await app?.db.close();
    await proxy?.down();
    await direct?.close();
    await drop?.();
  });

  /** Writes events to the outbox through the direct connection, as another instance of the API would. */
  const enqueue = (count: number, firstPolicyId: number) =>
    direct.prisma.$transaction(async (tx) => {
      const outbox = app.api.app.get(WebhookOutbox);
      const ids: string[] = [];
      for (let i = 0; i < count; i++)
        ids.push(...(await outbox.enqueue(tx, { clientId, family: 'motor', type: 'policy.status_updated', policy: { id: firstPolicyId + i, status: 0 } })));
      return ids;
    });
  const statuses = async (ids: string[]) =>
    (await direct.prisma.webhookDelivery.findMany({ where: { id: { in: ids } }, select: { status: true } })).map((d) => d.status);

  it('the webhook worker delivers, once each, every event written while the database was unreachable', async () => {
    // The worker runs and reaches the database before the outage.
    const [before] = await enqueue(1, 100);
    await receiver.waitFor(1, 60_000);
    await eventually(async () => (await statuses([before]))[0] === 'delivered', 60_000, 'the first delivery recorded');

    await proxy.down();
    const ids = await enqueue(5, 200);
    expect(ids).toHaveLength(5);
    // several rounds fail while the database is out of reach; nothing can be claimed, so nothing is sent
    await new Promise((r) => setTimeout(r, 10 * POLL_MS));
    expect(receiver.received).toHaveLength(1);
    expect(await statuses(ids)).toEqual(Array(5).fill('pending'));

    await proxy.up();
    await receiver.waitFor(1 + ids.length, 60_000);
    await eventually(async () => (await statuses(ids)).every((s) => s === 'delivered'), 60_000, 'every delivery recorded as delivered');

    const seen = receiver.received.map((r) => String(r.headers['webhook-id']));
    expect(seen.sort()).toEqual([before, ...ids].sort());
    const attempts = await direct.prisma.webhookDeliveryAttempt.findMany({ where: { deliveryId: { in: ids } } });
    expect(attempts.map((a) => [a.number, a.outcome])).toEqual(Array(5).fill([1, 'delivered']));
  }, 180_000);
});
