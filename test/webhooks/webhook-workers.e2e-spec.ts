import { ManualClock } from '../../libs/common/src';
import { openTestDatabase, startTestApp, TestApp } from '../support/test-app';
import { WebhookOutbox } from '../../apps/api/src/webhooks/webhook-outbox';
import { WebhookWorker } from '../../apps/api/src/webhooks/delivery/webhook-worker';
import { WebhookDeliveryRepository } from '../../apps/api/src/webhooks/delivery/webhook-delivery.repository';
import { WebhookEndpointRepository } from '../../apps/api/src/webhooks/endpoints/webhook-endpoint.repository';
import { eventually, LOCAL_RECEIVERS_ENV, WebhookReceiver } from './webhook-receiver';

/** Two API instances on one database, each running a delivery worker, as several replicas would. */
describe('webhook workers on several instances', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let receiver: WebhookReceiver;
  let clientId: string;
  const clock = new ManualClock('2026-11-22T09:00:00.000Z');
  const env = {
    WEBHOOK_POLL_INTERVAL_MS: '20',
    WEBHOOK_BATCH_SIZE: '3',
    WEBHOOK_TIMEOUT_MS: '2000',
    WEBHOOK_SECRET_KEY: 'shared-by-every-instance-'.padEnd(48, 'k'),
    ...LOCAL_RECEIVERS_ENV,
  };

  beforeAll(async () => {
    handle = await openTestDatabase();
    a = await startTestApp({ db: handle.db, clock, env });
    b = await startTestApp({ db: handle.db, clock, env });
    receiver = await WebhookReceiver.start();
    receiver.fallback = { status: 200, body: 'ok', delayMs: 30 };
    clientId = (await a.createClient(['motor-tpl-comparison'])).id;
    await handle.db.prisma.$transaction((tx) =>
      a.api.app
        .get(WebhookEndpointRepository)
        .create(tx, { clientId, url: receiver.url, events: ['policy.status_updated'], description: null, at: clock.now() }),
    );
  });
  afterAll(async () => {
    await receiver?.close();
    await a?.close();
    await b?.close();
    await handle?.db.close();
    await handle?.drop();
  });

  const enqueue = (count: number, firstId: number) =>
    handle.db.prisma.$transaction(async (tx) => {
      const outbox = a.api.app.get(WebhookOutbox);
      const ids: string[] = [];
      for (let i = 0; i < count; i++)
        ids.push(...(await outbox.enqueue(tx, { clientId, family: 'motor', type: 'policy.status_updated', policy: { id: firstId + i, status: 0 } })));
      return ids;
    });
  const workers = () => [a, b].map((x) => x.api.app.get(WebhookWorker));

  it('delivers every event exactly once while both workers run', async () => {
    const ids = await enqueue(30, 1000);
    await receiver.waitFor(30, 30_000);
    await eventually(
      async () => (await handle.db.prisma.webhookDelivery.count({ where: { id: { in: ids }, status: 'delivered' } })) === 30,
      15_000,
      'all delivered',
    );
    await new Promise((r) => setTimeout(r, 200));
    const seen = receiver.received.map((r) => String(r.headers['webhook-id']));
    expect(seen.length).toBe(30);
    expect(new Set(seen)).toEqual(new Set(ids));
    const attempts = await handle.db.prisma.webhookDeliveryAttempt.findMany({ where: { deliveryId: { in: ids } } });
    expect(attempts.length).toBe(30);
    expect(attempts.every((x) => x.number === 1 && x.outcome === 'delivered')).toBe(true);
    // Both instances took part.
    expect(new Set(attempts.map((x) => x.worker))).toEqual(new Set(workers().map((w) => w.id)));
  });

  it('two claims at the same moment never take the same row (FOR UPDATE SKIP LOCKED)', async () => {
    await Promise.all(workers().map((w) => w.stop()));
    try {
      const ids = await enqueue(10, 2000);
      const now = clock.now();
      const lease = new Date(now.getTime() + 60_000);
      const [x, y] = await Promise.all([
        a.api.app.get(WebhookDeliveryRepository).claim('claimer-a', now, lease, 6),
        b.api.app.get(WebhookDeliveryRepository).claim('claimer-b', now, lease, 6),
      ]);
      const xs = x.map((c) => c.delivery.id);
      const ys = y.map((c) => c.delivery.id);
      expect(xs.filter((id) => ys.includes(id))).toEqual([]);
      expect(new Set([...xs, ...ys])).toEqual(new Set(ids));
      // Claimed rows stay with their claimer until the lease lapses.
      expect(await a.api.app.get(WebhookDeliveryRepository).claim('late', now, lease, 10)).toEqual([]);
      // Hand them back for the next test: the lease lapses and the workers take them.
      clock.advance(60_000);
    } finally {
      workers().forEach((w) => w.start());
    }
    await eventually(async () => (await handle.db.prisma.webhookDelivery.count({ where: { status: 'pending' } })) === 0, 15_000, 'rows taken back');
  });

  it('a claim whose worker died is taken again when its lease lapses; the dead attempt shows as interrupted and its late answer is ignored', async () => {
    await Promise.all(workers().map((w) => w.stop()));
    const [id] = await enqueue(1, 3000);
    const repo = a.api.app.get(WebhookDeliveryRepository);
    const [ghost] = await repo.claim('ghost', clock.now(), new Date(clock.now().getTime() + 5000), 10);
    expect(ghost.delivery.id).toBe(id);
    const before = receiver.received.length;
    workers().forEach((w) => w.start());
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received.length).toBe(before);

    clock.advance(5000);
    await receiver.waitFor(before + 1);
    const delivered = await eventually(async () => {
      const d = await handle.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id } });
      return d.status === 'delivered' ? d : null;
    });
    expect(delivered.attempts).toBe(2);
    const attempts = await handle.db.prisma.webhookDeliveryAttempt.findMany({ where: { deliveryId: id }, orderBy: { number: 'asc' } });
    expect(attempts.map((x) => [x.number, x.worker === 'ghost', x.outcome])).toEqual([
      [1, true, 'interrupted'],
      [2, false, 'delivered'],
    ]);
    const late = await repo.complete(ghost, {
      outcome: 'failed',
      statusCode: 500,
      durationMs: 1,
      snippet: null,
      error: 'late',
      finishedAt: clock.now(),
      next: { status: 'failed' },
    });
    expect(late).toBe(false);
    expect((await handle.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id } })).status).toBe('delivered');
    expect(receiver.received.length).toBe(before + 1);
  });

  it('an event is written with the change it reports: a rolled-back transaction leaves nothing to send', async () => {
    const before = await handle.db.prisma.webhookDelivery.count();
    const sent = receiver.received.length;
    await expect(
      handle.db.prisma.$transaction(async (tx) => {
        await a.api.app.get(WebhookOutbox).enqueue(tx, { clientId, family: 'motor', type: 'policy.status_updated', policy: { id: 4000, status: 0 } });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    await new Promise((r) => setTimeout(r, 300));
    expect(await handle.db.prisma.webhookDelivery.count()).toBe(before);
    expect(receiver.received.length).toBe(sent);
  });
});
