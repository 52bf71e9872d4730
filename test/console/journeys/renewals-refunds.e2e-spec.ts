import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { MAX_REFUND_ATTEMPTS, Refunds } from '../../../apps/api/src/payments/refunds/refunds';
import { DueEventRepository } from '../../../apps/api/src/platform/due-events/due-event.repository';
import { DUE_EVENT_MAX_ATTEMPTS, DueEventScheduler, dueEventRetryDelayMs } from '../../../apps/api/src/platform/due-events/due-event-scheduler';
import { DueEvents } from '../../../apps/api/src/platform/due-events/due-events';
import { createStaff, PASSWORD } from '../../admin/admin-kit';
import { http } from '../../support/http';
import { MotorTestEnv, startMotorEnv } from '../../support/motor-kit';
import { activateAsPaid, policyBody } from '../../support/property-kit';
import { LOCAL_RECEIVERS_ENV, WebhookReceiver } from '../../webhooks/webhook-receiver';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from '../browser';

const describeBrowser = browserAvailable() ? describe : describe.skip;
const CLOCKS = '/api/v1/sandbox/test-clocks';

/**
 * Operations' follow-up work: their dashboard says how many renewals were not taken and how many refunds need action;
 * each figure opens its list. The renewals worklist shows a property renewal offered with the insurer's price (one paid,
 * one not) filtered by taken; a refund the card vendor kept failing until its tries ran out is tried again from the
 * console once the vendor is back, is paid and leaves the list. Data comes through the partner API, a test clock and
 * the sandbox vendor; what is asserted is what the agent sees.
 */
describeBrowser('journey: operations follow up renewals and refunds', () => {
  let env: MotorTestEnv;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let untaken: number;
  let taken: number;
  let refundId: string;
  let dueEventId: string;
  /** The cause of a scheduled event's failures: while set, its handler throws. */
  let handlerBroken = true;
  let receiver: WebhookReceiver;
  const errors: string[] = [];
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `journey-renewals-${name}.png`), fullPage: true });
  const api = (path: string, opts: Parameters<MotorTestEnv['app']['request']>[1] = {}) => env.app.request(path, { token, ...opts });
  const setVendorRefunds = (refunds: 'ok' | 'unavailable') => http(`${env.sandbox.baseUrl}/__control/vendor`, { method: 'PUT', json: { refunds } });

  /** A property policy paid on a new clock, advanced past its renewal notice (30 days before its end). */
  async function noticeSent(nationalityId: string): Promise<{ id: number; renewal: any }> {
    const clockId = (await api(CLOCKS, { json: { name: `renewal ${nationalityId}` } })).body.id;
    const body = policyBody({ start_date: '2026-11-23', personal_details: { ...policyBody().personal_details, nationality_id: nationalityId } });
    const issued = await api('/api/v1/property/policies', { json: body, headers: { 'Sandbox-Test-Clock': clockId } });
    expect((await api('/api/v1/sandbox/payments/pay', { json: { payment_link: issued.body.payment_link } })).body.outcome).toBe('paid');
    expect((await api(`${CLOCKS}/${clockId}/advance`, { json: { frozen_time: '2027-10-24T00:00:01Z' } })).status).toBe(200);
    const delivery = await env.app.db.prisma.webhookDelivery.findFirstOrThrow({
      where: { policyType: 'property', policyId: issued.body.id, eventType: 'policy.renewal_due' },
    });
    return { id: issued.body.id, renewal: JSON.parse(delivery.body).renewal };
  }

  beforeAll(async () => {
    ensureConsoleBuilt();
    env = await startMotorEnv({
      env: {
        RATE_LIMIT_DEFAULT_PER_MINUTE: '1000',
        TOKEN_TTL_SECONDS: '31536000',
        DUE_EVENTS_POLL_MS: '0',
        REFUND_POLL_MS: '0',
        WEBHOOK_WORKER: 'false',
        ...LOCAL_RECEIVERS_ENV,
      },
    });
    token = (await env.app.partner(['property-multi'])).token;
    receiver = await WebhookReceiver.start();
    expect((await api('/api/v1/sandbox/webhook-endpoints', { json: { url: receiver.url, events: ['policy.renewal_due'] } })).status).toBe(201);

    untaken = (await noticeSent('1011111111')).id;
    const paid = await noticeSent('1022222222');
    taken = paid.id;
    expect((await api('/api/v1/sandbox/payments/pay', { json: { payment_link: paid.renewal.payment_link } })).body.outcome).toBe('paid');

    // A refund the vendor keeps failing until its tries run out.
    const refunded = (
      await api('/api/v1/property/policies', { json: policyBody({ personal_details: { ...policyBody().personal_details, nationality_id: '1033333333' } }) })
    ).body.id;
    await activateAsPaid(env.app, refunded);
    await setVendorRefunds('unavailable');
    try {
      expect((await api(`/api/v1/property/policies/${refunded}/cancellation`, { json: { reason: 'Sold the flat.' } })).status).toBe(200);
      const refunds = env.app.api.app.get(Refunds, { strict: false });
      for (let i = 0; i < MAX_REFUND_ATTEMPTS; i++) {
        await refunds.sweep();
        env.app.clock.advance(3_600_000);
      }
      const failed = await env.app.db.prisma.refund.findFirstOrThrow({ where: { policyType: 'property', policyId: refunded } });
      expect([failed.status, failed.attempts]).toEqual(['failed', MAX_REFUND_ATTEMPTS]);
      refundId = failed.id;
    } finally {
      await setVendorRefunds('ok');
    }

    // A scheduled event whose handler fails every try until it is left failed.
    env.app.api.app.get(DueEvents).register({
      kind: 'journey.check',
      fire: async () => {
        if (handlerBroken) throw new Error('The insurer did not answer.');
      },
    });
    await env.app.db.prisma.$transaction((tx) =>
      env.app.api.app
        .get(DueEventRepository)
        .schedule(tx, { kind: 'journey.check', subject: 'journey:1', dueAt: env.app.clock.now(), clockId: null, resource: null, at: env.app.clock.now() }),
    );
    for (let attempt = 1; attempt <= DUE_EVENT_MAX_ATTEMPTS; attempt++) {
      await env.app.api.app.get(DueEventScheduler).sweep();
      env.app.clock.advance(dueEventRetryDelayMs(attempt));
    }
    const failedEvent = await env.app.db.prisma.dueEvent.findUniqueOrThrow({ where: { kind_subject: { kind: 'journey.check', subject: 'journey:1' } } });
    expect([failedEvent.state, failedEvent.attempts]).toEqual(['failed', DUE_EVENT_MAX_ATTEMPTS]);
    dueEventId = failedEvent.id;

    await createStaff(env.app, 'operations', 'agent@renewals.test');
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await env?.close();
  });

  it('the dashboard counts what needs operations: one renewal not taken, one refund needing action, one scheduled event failed', async () => {
    await page.goto(`${env.app.url}/admin/login`);
    await page.locator('input[name=username]').fill('agent@renewals.test');
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('identity').waitFor();
    await page.getByTestId('operations-work').waitFor();
    expect(await page.getByTestId('stat-renewals-not-taken-value').innerText()).toBe('1');
    expect(await page.getByTestId('stat-refunds-needing-action-value').innerText()).toBe('1');
    // the journey's scheduled event that failed every try (run again below, on Scheduled events)
    expect(await page.getByTestId('stat-scheduled-events-failed-value').innerText()).toBe('1');
    await shot('01-dashboard');
  });

  it('opens the renewals not taken from the dashboard; the filter shows the taken one with its price', async () => {
    await page.getByTestId('stat-renewals-not-taken-link').click();
    await page.waitForURL('**/admin/renewals?*');
    const untakenRow = page.getByTestId(`renewal-row-property:${untaken}`);
    await untakenRow.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=renewal-taken]').length === 1);
    expect(await untakenRow.getByTestId('renewal-taken').innerText()).toBe('Not taken');
    const next = await env.app.db.prisma.propertyPolicy.findFirstOrThrow({ where: { renewalOf: untaken } });
    const price = `SAR ${Number(next.price.toFixed(2)).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect((await untakenRow.getByTestId('renewal-offer').innerText()).replace(/\s/g, ' ')).toBe(`Next term from the insurer: ${price}`);
    expect(await untakenRow.innerText()).toMatch(/Property[\s\S]*Sara Ahmed/);
    await shot('02-not-taken');

    await page.goto(`${env.app.url}/admin/renewals?filter=${encodeURIComponent('{"taken":true}')}`);
    const takenRow = page.getByTestId(`renewal-row-property:${taken}`);
    await takenRow.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=renewal-taken]').length === 1);
    expect(await takenRow.getByTestId('renewal-taken').innerText()).toBe('Taken');
    await shot('03-taken');

    // The row opens the renewed policy's page.
    await takenRow.click();
    await page.waitForURL(`**/admin/property-policies/${taken}/show`);
  });

  it('shows the worklist in Arabic and as cards on a phone', async () => {
    await page.goto(`${env.app.url}/admin/renewals?filter=${encodeURIComponent('{}')}`);
    await page.getByTestId(`renewal-row-property:${untaken}`).waitFor();
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByText('لم تُجدَّد').first().waitFor();
    await page.getByText('جُدِّدت').first().waitFor();
    await shot('04-ar');
    await page.setViewportSize({ width: 390, height: 844 });
    // cards carry the record's name in data-record
    await page.locator(`[data-record="renewal-row-property:${untaken}"]`).waitFor();
    expect(await page.locator(`[data-record="renewal-row-property:${taken}"]`).innerText()).toMatch(/جُدِّدت/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot('05-phone-ar');
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.getByRole('button', { name: /العربية/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  });

  it('tries the failed refund again once the vendor is back: it is paid and leaves the list and the count', async () => {
    await page.goto(`${env.app.url}/admin`);
    await page.getByTestId('stat-refunds-needing-action-link').click();
    await page.waitForURL('**/admin/refunds?*');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=refund-status]').length === 1);
    expect(await page.getByTestId('refund-status').innerText()).toBe('Failed: for operations');
    await shot('06-refunds-needing-action');
    await page.getByTestId('refund-status').click();
    await page.waitForURL(`**/admin/refunds/${refundId}/show`);
    await page.getByTestId('retry-refund').click();
    await page.getByTestId('retry-reason').fill('The card vendor takes refunds again.');
    await page.getByTestId('retry-confirm').click();
    await page.getByText('The refund is being paid back again.').waitFor();
    // the worker pays it out right away
    for (let i = 0; i < 100 && (await env.app.db.prisma.refund.findUniqueOrThrow({ where: { id: refundId } })).status !== 'succeeded'; i++)
      await new Promise((r) => setTimeout(r, 100));
    await page.reload();
    await page.getByTestId('refund-status').getByText('Paid back').waitFor();
    await shot('07-refund-paid');
    const audit = await env.app.db.prisma.auditLogEntry.findFirstOrThrow({ where: { action: 'refunds.retry', resourceId: refundId } });
    expect(audit).toMatchObject({
      staffEmail: 'agent@renewals.test',
      role: 'operations',
      after: { status: 'pending', reason: 'The card vendor takes refunds again.' },
    });

    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/admin/api/refunds?') && r.url().includes('failed')),
      page.goto(`${env.app.url}/admin/refunds?filter=${encodeURIComponent('{"status":"failed"}')}`),
    ]);
    expect(answer.headers()['content-range']).toBe('refunds */0');
    await shot('08-refunds-none-left');
    expect(await page.getByTestId('refund-status').count()).toBe(0);
    await page.goto(`${env.app.url}/admin`);
    await page.getByTestId('operations-work').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid=stat-refunds-needing-action-value]')?.textContent === '0');
    await shot('09-dashboard-after');
  });

  it('runs a failed scheduled event again with a reason from its row, opened from the dashboard; it fires once its cause is fixed', async () => {
    // the dashboard's card opens Scheduled events filtered on failed
    await page.getByTestId('stat-scheduled-events-failed-link').click();
    await page.waitForURL('**/admin/due-events?*');
    expect(decodeURIComponent(page.url())).toContain('{"state":"failed"}');
    const row = page.getByTestId('due-event-state').first();
    await row.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=due-event-state]').length === 1);
    expect(await row.innerText()).toBe('Failed');
    expect(await page.getByTestId('due-event-error').innerText()).toBe('The insurer did not answer.');
    await shot('10-scheduled-failed');
    await page.getByTestId('rerun-due-event').click();
    await page.getByTestId('rerun-reason').fill('The insurer answers again.');
    await page.getByTestId('rerun-confirm').click();
    await page.getByText('The event will run again shortly.').waitFor();
    // still on the list (the button's clicks do not open the row), which no longer shows it as failed
    expect(page.url()).toContain('/admin/due-events');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=due-event-state]').length === 0);
    expect(await env.app.db.prisma.dueEvent.findUniqueOrThrow({ where: { id: dueEventId } })).toMatchObject({ state: 'pending', attempts: 0 });
    expect(await env.app.db.prisma.auditLogEntry.findFirstOrThrow({ where: { action: 'due-events.rerun', resourceId: dueEventId } })).toMatchObject({
      staffEmail: 'agent@renewals.test',
      after: { state: 'pending', attempts: 0, reason: 'The insurer answers again.' },
    });

    handlerBroken = false;
    await env.app.api.app.get(DueEventScheduler).sweep();
    await page.goto(`${env.app.url}/admin/due-events/${dueEventId}/show`);
    await page.getByTestId('due-event-state').getByText('Fired').waitFor();
    expect(await page.getByTestId('rerun-due-event').count()).toBe(0);
    await shot('11-scheduled-fired');
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
