import { money } from '../../libs/common/src';
import { Database, openDatabase } from '../../libs/db/src';
import { Refunds } from '../../apps/api/src/payments/refunds/refunds';
import { WebhookEndpointRepository } from '../../apps/api/src/webhooks/endpoints/webhook-endpoint.repository';
import { WebhookOutbox } from '../../apps/api/src/webhooks/webhook-outbox';
import { eventually, LOCAL_RECEIVERS_ENV, WebhookReceiver } from '../webhooks/webhook-receiver';
import { openTestDatabase, TestApp } from '../support/test-app';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { CARDS, issueMotorPolicy, motorQuote, payWithCard } from '../payments/payment-kit';
import { TcpProxy } from './tcp-proxy';

const BASE_URL = process.env.DATABASE_URL;
const POLL_MS = 200;

// The embedded database runs inside the API's own process: it cannot become unreachable apart from it,
// so this scenario exists only with PostgreSQL (DATABASE_URL).
const onPostgres = BASE_URL ? describe : describe.skip;
if (!BASE_URL)
  it.skip('background workers after a database outage: PostgreSQL only (the embedded database cannot become unreachable apart from the API)', () => undefined);

/**
 * The database goes away under a running API and comes back: the background workers, whose rounds fail while
 * it is gone, carry on by themselves once it is back (no restart), and deliver all that was waiting exactly once.
 */
onPostgres('background workers after a database outage', () => {
  let proxy: TcpProxy;
  let drop: () => Promise<void>;
  let env: MotorTestEnv;
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
    env = await startMotorEnv({
      db,
      env: {
        WEBHOOK_POLL_INTERVAL_MS: String(POLL_MS),
        WEBHOOK_RETRY_BASE_MS: '100',
        WEBHOOK_TIMEOUT_MS: '2000',
        PAYMENT_RECONCILE_MS: String(POLL_MS),
        REFUND_POLL_MS: String(POLL_MS),
        POLICY_DOCUMENTS_POLL_MS: '0',
        ...LOCAL_RECEIVERS_ENV,
      },
    });
    app = env.app;
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
    await env?.close();
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
  const outage = async () => {
    await proxy.down();
    // several rounds fail while the database is out of reach
    await new Promise((r) => setTimeout(r, 10 * POLL_MS));
  };
  const vendorCallbacks = async (callbacks: 'auto' | 'hold') => {
    const res = await fetch(`${env.sandbox.baseUrl}/__control/vendor`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ callbacks }),
    });
    expect(res.ok).toBe(true);
  };
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
    await outage(); // nothing can be claimed, so nothing is sent
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

  it('the payment reconciler settles, once, a payment that fell due while the database was unreachable', async () => {
    const partner = await app.partner(['motor-tpl-comparison']);
    const endpoint = await app.request('/api/v1/sandbox/webhook-endpoints', {
      token: partner.token,
      json: { url: receiver.url, events: ['policy.status_updated'] },
    });
    expect(endpoint.status).toBe(201);
    // the vendor keeps its callback and the customer never comes back: only the reconciler can settle this payment
    await vendorCallbacks('hold');
    const { policy } = await issueMotorPolicy(env, partner.token, await motorQuote(env, partner.token), new Set());
    const paid = await payWithCard(policy.payment_link, CARDS.success);
    const paymentOf = () => direct.prisma.payment.findFirstOrThrow({ where: { policyId: policy.id } });
    expect(await paymentOf()).toMatchObject({ status: 'pending', vendorReference: paid.vendorPaymentId });

    await proxy.down();
    app.clock.advance(61_000); // the payment is now old enough for the reconciler to look it up
    await outage();
    expect((await paymentOf()).status).toBe('pending');

    await proxy.up();
    await eventually(async () => (await paymentOf()).status === 'paid', 60_000, 'the payment settled by the reconciler');
    const activated = await direct.prisma.webhookDelivery.findMany({
      where: { policyId: policy.id, eventType: 'policy.status_updated', body: { contains: '"status":1' } },
    });
    expect(activated).toHaveLength(1);
    await eventually(
      async () => (await direct.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: activated[0].id } })).status === 'delivered',
      60_000,
      'the activation webhook delivered',
    );
    expect(receiver.received.filter((r) => r.headers['webhook-id'] === activated[0].id)).toHaveLength(1);
    expect((await direct.prisma.motorPolicy.findUniqueOrThrow({ where: { id: policy.id } })).status).toBe(1);
  }, 180_000);

  it('the refund worker pays out, once, a refund owed while the database was unreachable', async () => {
    const partner = await app.partner(['motor-tpl-comparison']);
    await vendorCallbacks('auto');
    const { policy } = await issueMotorPolicy(env, partner.token, await motorQuote(env, partner.token), new Set());
    await payWithCard(policy.payment_link, CARDS.success);
    const paymentOf = () => direct.prisma.payment.findFirstOrThrow({ where: { policyId: policy.id } });
    const payment = await eventually(
      async () => {
        const p = await paymentOf();
        return p.status === 'paid' ? p : null;
      },
      60_000,
      'the payment settled by the vendor callback',
    );

    await proxy.down();
    // the refund is written past the relay, as another instance cancelling the policy would
    const refund = await direct.prisma.$transaction((tx) =>
      app.api.app
        .get(Refunds)
        .owe(tx, { policyType: payment.policyType, policyId: payment.policyId, amount: money(payment.amount.toString()), at: app.clock.now() }),
    );
    expect(refund).not.toBeNull();
    await outage();
    expect(await direct.prisma.refund.findUniqueOrThrow({ where: { id: refund!.id } })).toMatchObject({ status: 'pending', attempts: 0 });

    await proxy.up();
    const paidOut = await eventually(
      async () => {
        const r = await direct.prisma.refund.findUniqueOrThrow({ where: { id: refund!.id } });
        return r.status === 'succeeded' ? r : null;
      },
      60_000,
      'the refund paid out',
    );
    // one call to the vendor, which took it
    expect(paidOut).toMatchObject({ attempts: 1, lastError: null });
    expect(paidOut.vendorRefundId).toBeTruthy();
    expect(await direct.prisma.refund.count({ where: { paymentId: payment.id } })).toBe(1);
  }, 180_000);
});
