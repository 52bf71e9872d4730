import { randomUUID } from 'node:crypto';
import { ManualClock } from '../../libs/common/src';
import { startTestApp, TestApp } from '../support/test-app';
import { DueEventRepository } from '../../apps/api/src/platform/due-events/due-event.repository';
import { DUE_EVENT_MAX_ATTEMPTS, DueEventScheduler, dueEventRetryDelayMs } from '../../apps/api/src/platform/due-events/due-event-scheduler';
import { DueEvents } from '../../apps/api/src/platform/due-events/due-events';
import type { StaffRole } from '../../libs/common/src/permissions';
import { signInEveryRole, StaffSession } from './admin-kit';

const KIND = 'test.flaky';

/**
 * The console's scheduled events: an event whose handler keeps failing ends `failed` with its error, operations see
 * it and, once the cause is fixed, run it again with a reason (audited); it then fires. The scheduler is driven by
 * hand on a manual clock (nothing on a timer), so retries come due because the clock says so.
 */
describe('console: scheduled (due) events', () => {
  let app: TestApp;
  let staff: Record<StaffRole, StaffSession>;
  const clock = new ManualClock('2026-11-22T09:00:00.000Z');
  /** The cause of the failures: while set, the handler throws (as an insurer that does not answer). */
  let broken = true;
  const done: string[] = [];

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { DUE_EVENTS_POLL_MS: '0', WEBHOOK_WORKER: 'false', PAYMENT_RECONCILE_MS: '0' } });
    app.api.app.get(DueEvents).register({
      kind: KIND,
      fire: async (_tx, e) => {
        if (broken) throw new Error('The insurer did not answer.');
        done.push(e.subject);
      },
    });
  });
  afterAll(() => app?.close());

  const scheduler = () => app.api.app.get(DueEventScheduler);
  const schedule = (subject: string, dueAt: Date) =>
    app.db.prisma.$transaction((tx) =>
      app.api.app.get(DueEventRepository).schedule(tx, { kind: KIND, subject, dueAt, clockId: null, resource: null, at: clock.now() }),
    );
  const row = (subject: string) => app.db.prisma.dueEvent.findUniqueOrThrow({ where: { kind_subject: { kind: KIND, subject } } });
  const list = (role: StaffRole, filter: Record<string, unknown>, sort = '["due_at","ASC"]') =>
    staff[role].call(`/admin/api/due-events?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(sort)}`);

  /** Every try fails until the last: the event is left `failed`. */
  async function failForGood(subject: string) {
    await schedule(subject, clock.now());
    for (let attempt = 1; attempt <= DUE_EVENT_MAX_ATTEMPTS; attempt++) {
      await scheduler().sweep();
      expect((await row(subject)).attempts).toBe(attempt);
      clock.advance(dueEventRetryDelayMs(attempt));
    }
    return row(subject);
  }

  it('an event failing every try ends failed, listed with its error; operations run it again with a reason, and it fires once fixed', async () => {
    const failed = await failForGood('a');
    expect(failed).toMatchObject({ state: 'failed', attempts: DUE_EVENT_MAX_ATTEMPTS, firedAt: null, lastError: 'The insurer did not answer.' });
    await schedule('later', new Date(clock.now().getTime() + 86_400_000));
    staff = await signInEveryRole(app); // after the hours of retries, so the sessions are fresh

    // Listed with its state and error; the filters on state and kind, sorted by due time.
    const failedList = await list('operations', { state: 'failed', kind: KIND });
    expect(failedList.status).toBe(200);
    expect(failedList.headers.get('content-range')).toMatch(/\/1$/);
    expect(failedList.body).toEqual([
      expect.objectContaining({
        id: failed.id,
        kind: KIND,
        subject: 'a',
        state: 'failed',
        attempts: 10,
        last_error: 'The insurer did not answer.',
        fired_at: null,
      }),
    ]);
    const both = await list('admin', { kind: KIND });
    expect(both.body.map((e: { subject: string }) => e.subject)).toEqual(['a', 'later']);
    expect((await list('admin', { kind: KIND }, '["due_at","DESC"]')).body.map((e: { subject: string }) => e.subject)).toEqual(['later', 'a']);
    expect((await list('admin', { state: 'pending', kind: KIND })).body.map((e: { subject: string }) => e.subject)).toEqual(['later']);
    expect((await list('admin', { state: 'lost' })).status).toBe(422);
    expect((await staff.operations.call(`/admin/api/due-events/${failed.id}`)).body).toMatchObject({ id: failed.id, state: 'failed' });
    // counted on the operations dashboard until it is run again
    const failedCount = async () => (await staff.operations.call('/admin/api/dashboard')).body.worklists.operations.scheduled_events_failed;
    expect(await failedCount()).toBe(1);

    // Only admin and operations read and run events again; a reason is required.
    for (const role of ['claims_handler', 'account_manager'] as const) {
      expect((await list(role, {})).status).toBe(403);
      expect((await staff[role].call(`/admin/api/due-events/${failed.id}`)).status).toBe(403);
      expect((await staff[role].call(`/admin/api/due-events/${failed.id}/rerun`, { json: { reason: 'Insurer is back.' } })).status).toBe(403);
    }
    expect((await staff.operations.call(`/admin/api/due-events/${failed.id}/rerun`, { json: {} })).status).toBe(422);
    expect((await staff.operations.call(`/admin/api/due-events/${failed.id}/rerun`, { json: { reason: '   ' } })).status).toBe(422);
    expect((await staff.operations.call(`/admin/api/due-events/${randomUUID()}/rerun`, { json: { reason: 'Insurer is back.' } })).status).toBe(404);
    expect((await staff.operations.call(`/admin/api/due-events/${randomUUID()}`)).status).toBe(404);
    expect(await row('a')).toMatchObject({ state: 'failed', attempts: 10 }); // refused calls changed nothing
    expect(await app.db.prisma.auditLogEntry.count({ where: { action: 'due-events.rerun' } })).toBe(0);

    // Run again: pending with a fresh count, lease cleared, its error kept until it fires; audited with the reason.
    const rerun = await staff.operations.call(`/admin/api/due-events/${failed.id}/rerun`, { json: { reason: 'Insurer is back.' } });
    expect(rerun.status).toBe(200);
    expect(rerun.body).toMatchObject({ id: failed.id, state: 'pending', attempts: 0, lease_until: null, last_error: 'The insurer did not answer.' });
    expect(await row('a')).toMatchObject({ state: 'pending', attempts: 0, leaseUntil: null, claimToken: null, lastError: 'The insurer did not answer.' });
    expect((await row('a')).dueAt.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    const audit = await app.db.prisma.auditLogEntry.findMany({ where: { action: 'due-events.rerun', resourceId: failed.id } });
    expect(audit).toEqual([
      expect.objectContaining({
        resource: 'due-events',
        staffEmail: staff.operations.email,
        role: 'operations',
        before: { state: 'failed', attempts: 10, last_error: 'The insurer did not answer.' },
        after: { state: 'pending', attempts: 0, reason: 'Insurer is back.' },
      }),
    ]);
    expect(await failedCount()).toBe(0);
    // Pending now: not run again twice.
    expect((await staff.operations.call(`/admin/api/due-events/${failed.id}/rerun`, { json: { reason: 'Again.' } })).status).toBe(409);

    // The cause fixed, the next pass fires it (and not the one due tomorrow).
    broken = false;
    await scheduler().sweep();
    expect(done).toEqual(['a']);
    const fired = (await staff.admin.call(`/admin/api/due-events/${failed.id}`)).body;
    expect(fired).toMatchObject({ state: 'fired', attempts: 1, last_error: null });
    expect(fired.fired_at).toEqual(expect.any(String));
    expect((await list('admin', { state: 'failed', kind: KIND })).body).toEqual([]);

    // A fired event is not run again.
    const again = await staff.admin.call(`/admin/api/due-events/${failed.id}/rerun`, { json: { reason: 'Again.' } });
    expect(again.status).toBe(409);
    expect(again.text).toContain('fired');
    expect(await row('a')).toMatchObject({ state: 'fired', attempts: 1 });
    expect(await app.db.prisma.auditLogEntry.count({ where: { action: 'due-events.rerun' } })).toBe(1);
  });
});
