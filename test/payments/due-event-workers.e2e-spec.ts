import { ManualClock } from '../../libs/common/src';
import { openTestDatabase, startTestApp, TestApp } from '../support/test-app';
import { PaymentRepository } from '../../apps/api/src/payments/payment.repository';
import { DueEventRepository } from '../../apps/api/src/platform/due-events/due-event.repository';
import { DueEvents } from '../../apps/api/src/platform/due-events/due-events';
import { DUE_EVENT_LEASE_MS, DueEventScheduler, dueEventRetryDelayMs } from '../../apps/api/src/platform/due-events/due-event-scheduler';
import { WebhookEndpointRepository } from '../../apps/api/src/webhooks/endpoints/webhook-endpoint.repository';

const HOUR_MS = 3_600_000;

/**
 * The due-event scheduler on two API instances sharing one database, as replicas run it: every event fires once
 * whoever drains, and a worker that stops mid-drain leaves its events to the next claim once its lease lapses.
 * Time is the instances' shared manual clock, so leases lapse because the clock says so, never by waiting.
 */
describe('due events on several instances', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let clientId: string;
  let nextPolicyId = 1;
  const clock = new ManualClock('2026-11-22T09:00:00.000Z');
  // Nothing runs on a timer: the tests drain by hand, and the outbox rows stay to be counted.
  const env = { DUE_EVENTS_POLL_MS: '0', WEBHOOK_WORKER: 'false', PAYMENT_RECONCILE_MS: '0' };

  beforeAll(async () => {
    handle = await openTestDatabase();
    a = await startTestApp({ db: handle.db, clock, env });
    b = await startTestApp({ db: handle.db, clock, env });
    clientId = (await a.createClient(['motor-tpl-comparison'])).id;
    await handle.db.prisma.$transaction((tx) =>
      a.api.app
        .get(WebhookEndpointRepository)
        .create(tx, { clientId, url: 'https://partner.example.com/hooks', events: ['payment.expired'], description: null, at: clock.now() }),
    );
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await handle?.db.close();
    await handle?.drop();
  });

  /** `n` open payment links lapsing in an hour, written as the products write them (with their lapse event). */
  const links = (n: number) =>
    handle.db.prisma.$transaction(async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const p = await a.api.app.get(PaymentRepository).createPending(tx, {
          clientId,
          policyType: 'motor',
          policyId: nextPolicyId++,
          amount: '100.00',
          expiresAt: new Date(clock.now().getTime() + HOUR_MS),
          at: clock.now(),
        });
        ids.push(p.id);
      }
      return ids;
    });
  const scheduler = (app: TestApp) => app.api.app.get(DueEventScheduler);
  const lapseEvents = (ids: string[]) => handle.db.prisma.dueEvent.findMany({ where: { kind: 'payment.lapse', subject: { in: ids } } });
  const announced = async (ids: string[]) => {
    const rows = await handle.db.prisma.webhookDelivery.findMany({ where: { clientId, eventType: 'payment.expired' } });
    return rows
      .map((r) => JSON.parse(r.body).payment.id as string)
      .filter((id) => ids.includes(id))
      .sort();
  };

  it('two instances draining the same due events fire each once', async () => {
    const ids = await links(30);
    expect(await scheduler(a).sweep()).toBe(0); // not due yet
    clock.advance(HOUR_MS);
    await Promise.all([scheduler(a).sweep(), scheduler(b).sweep()]);
    await Promise.all([scheduler(a).sweep(), scheduler(b).sweep()]);
    expect(await announced(ids)).toEqual([...ids].sort());
    expect(await handle.db.prisma.payment.count({ where: { id: { in: ids }, status: 'expired' } })).toBe(30);
    const events = await lapseEvents(ids);
    expect(events.every((e) => e.state === 'fired' && e.attempts === 1 && e.firedAt !== null)).toBe(true);
  });

  it('a worker stopped mid-drain: its claimed events wait for the lease, then another worker fires them; its late fire does nothing', async () => {
    const ids = await links(3);
    clock.advance(HOUR_MS);
    // The stopped worker claimed all three and fired only the first before it stopped.
    const now = clock.now();
    const ghost = await a.api.app.get(DueEventRepository).claim({ clock: null, dueBy: now }, now, new Date(now.getTime() + DUE_EVENT_LEASE_MS), 10);
    expect(ghost.map((e) => e.subject).sort()).toEqual([...ids].sort());
    expect(await scheduler(a).fire(ghost[0], now)).toBe(true);

    // While its lease holds, nobody else takes the other two.
    expect(await scheduler(b).sweep()).toBe(0);
    expect(await announced(ids)).toEqual([ghost[0].subject]);
    expect(await handle.db.prisma.payment.count({ where: { id: { in: ids }, status: 'pending' } })).toBe(2);

    clock.advance(DUE_EVENT_LEASE_MS);
    expect(await scheduler(b).sweep()).toBe(2);
    expect(await announced(ids)).toEqual([...ids].sort());
    // The stopped worker comes back with its old claim: refused, nothing written twice.
    expect(await scheduler(a).fire(ghost[1], clock.now())).toBe(false);
    expect(await announced(ids)).toEqual([...ids].sort());
    const events = await lapseEvents(ids);
    expect(events.map((e) => [e.subject === ghost[0].subject ? 1 : 2, e.state]).sort()).toEqual([
      [1, 'fired'],
      [2, 'fired'],
      [2, 'fired'],
    ]);
    expect(events.map((e) => e.attempts).sort()).toEqual([1, 2, 2]);
  });

  it('an event that fails is tried again after its backoff, with the error kept, and nothing of the failed try is written', async () => {
    await handle.db.prisma.$transaction((tx) =>
      a.api.app
        .get(DueEventRepository)
        .schedule(tx, { kind: 'test.unknown', subject: 'x', dueAt: clock.now(), clockId: null, resource: null, at: clock.now() }),
    );
    const deliveriesBefore = await handle.db.prisma.webhookDelivery.count();
    await scheduler(a).sweep();
    const failed = await handle.db.prisma.dueEvent.findUniqueOrThrow({ where: { kind_subject: { kind: 'test.unknown', subject: 'x' } } });
    expect(failed).toMatchObject({ state: 'pending', attempts: 1, firedAt: null, lastError: 'No handler for due events of kind test.unknown.' });
    expect(failed.leaseUntil!.getTime()).toBe(clock.now().getTime() + dueEventRetryDelayMs(1));
    await scheduler(b).sweep();
    expect((await handle.db.prisma.dueEvent.findUniqueOrThrow({ where: { id: failed.id } })).attempts).toBe(1);
    clock.advance(dueEventRetryDelayMs(1));
    await scheduler(b).sweep();
    expect((await handle.db.prisma.dueEvent.findUniqueOrThrow({ where: { id: failed.id } })).attempts).toBe(2);
    expect(await handle.db.prisma.webhookDelivery.count()).toBe(deliveriesBefore);
    await handle.db.prisma.dueEvent.delete({ where: { id: failed.id } });
  });

  it('events of a claim not reached in half its lease go back at once, their try not counted', async () => {
    const repo = a.api.app.get(DueEventRepository);
    // each takes 31 s of the instances' clock to fire: a claim's second one would start past half the lease
    a.api.app.get(DueEvents).register({ kind: 'test.slow', fire: async () => void clock.advance(31_000) });
    await handle.db.prisma.$transaction(async (tx) => {
      for (const subject of ['s1', 's2', 's3'])
        await repo.schedule(tx, { kind: 'test.slow', subject, dueAt: clock.now(), clockId: null, resource: null, at: clock.now() });
    });
    // which of the three comes first in a claim is the claim's order (due time, then id): only the counts are known
    const states = async () =>
      (await handle.db.prisma.dueEvent.findMany({ where: { kind: 'test.slow' } })).map((r) => `${r.state} ${r.attempts} ${r.leaseUntil === null}`).sort();
    try {
      await scheduler(a).sweep();
      expect(await states()).toEqual(['fired 1 true', 'pending 0 true', 'pending 0 true']);
      await scheduler(a).sweep(); // the next claim fires one and gives the other back again
      expect(await states()).toEqual(['fired 1 true', 'fired 1 true', 'pending 0 true']);
    } finally {
      await handle.db.prisma.dueEvent.deleteMany({ where: { kind: 'test.slow' } });
    }
  });

  it('expiries fire many to a transaction; one that fails leaves the others fired and its own error on its row', async () => {
    const repo = a.api.app.get(DueEventRepository);
    // policies that do not exist expire nothing (and still count as fired); a family without a term cannot expire at all
    const subjects = [...Array.from({ length: 5 }, (_, i) => `motor:${900_000 + i}`), 'nosuch:1', ...Array.from({ length: 5 }, (_, i) => `tpl:${900_000 + i}`)];
    await handle.db.prisma.$transaction(async (tx) => {
      for (const subject of subjects)
        await repo.schedule(tx, { kind: 'policy.expiry', subject, dueAt: clock.now(), clockId: null, resource: null, at: clock.now() });
    });
    await scheduler(a).sweep();
    const rows = await handle.db.prisma.dueEvent.findMany({ where: { kind: 'policy.expiry', subject: { in: subjects } } });
    const bySubject = new Map(rows.map((r) => [r.subject, r]));
    for (const subject of subjects.filter((x) => x !== 'nosuch:1'))
      expect(bySubject.get(subject)).toMatchObject({ state: 'fired', attempts: 1, lastError: null });
    expect(bySubject.get('nosuch:1')).toMatchObject({
      state: 'pending',
      attempts: 1,
      firedAt: null,
      lastError: 'The product family "nosuch" has no policy term.',
    });
    await handle.db.prisma.dueEvent.deleteMany({ where: { kind: 'policy.expiry', subject: { in: subjects } } });
  });
});
