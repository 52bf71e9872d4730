import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startTestApp, TestApp } from '../support/test-app';
import { createStaff, PASSWORD } from '../admin/admin-kit';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from './browser';

const describeBrowser = browserAvailable() ? describe : describe.skip;

describeBrowser('payments in the console', () => {
  let app: TestApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ensureConsoleBuilt();
    // The card vendor is out of reach: a refund tried again from the console stays owed (its next try later), not paid.
    app = await startTestApp({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', PAYMENT_VENDOR_URL: 'http://127.0.0.1:9' } });
    const { id: clientId } = await app.createClient();
    const at = app.clock.now();
    const rows = [
      { status: 'paid', amount: '1127.00', vendorReference: 'vp_console_paid_0001', paidAt: at, policyId: 11 },
      { status: 'failed', amount: '2045.50', vendorReference: 'vp_console_failed_0002', failureCode: 'card_declined', policyId: 12 },
      { status: 'pending', amount: '980.25', policyId: 13 },
    ];
    for (const r of rows) {
      ids[r.status] = randomUUID();
      await app.db.prisma.payment.create({
        data: {
          id: ids[r.status],
          clientId,
          policyType: 'motor',
          currency: 'SAR',
          linkToken: randomBytes(24).toString('base64url'),
          expiresAt: new Date(at.getTime() + 86_400_000),
          createdAt: at,
          updatedAt: at,
          ...r,
        },
      });
    }
    // More payments than the admin API serves per request (100), older than the three above: the export pages through them.
    const earlier = new Date(at.getTime() - 86_400_000);
    await app.db.prisma.payment.createMany({
      data: Array.from({ length: 130 }, (_, i) => ({
        id: randomUUID(),
        clientId,
        policyType: 'motor',
        policyId: 100 + i,
        amount: '100.00',
        currency: 'SAR',
        status: 'expired',
        linkToken: randomBytes(24).toString('base64url'),
        vendorReference: `vp_bulk_${String(i).padStart(4, '0')}`,
        expiresAt: earlier,
        createdAt: earlier,
        updatedAt: earlier,
      })),
    });
    // a payment refunded because its policy was cancelled before it completed, with its refund paid back
    ids.refunded = randomUUID();
    await app.db.prisma.payment.create({
      data: {
        id: ids.refunded,
        clientId,
        policyType: 'property',
        policyId: 14,
        amount: '500.00',
        currency: 'SAR',
        status: 'refunded',
        statusReason: 'policy_cancelled',
        linkToken: randomBytes(24).toString('base64url'),
        vendorReference: 'vp_console_refunded_0003',
        expiresAt: new Date(at.getTime() + 86_400_000),
        paidAt: at,
        createdAt: at,
        updatedAt: at,
      },
    });
    await app.db.prisma.refund.create({
      data: {
        id: randomUUID(),
        clientId,
        paymentId: ids.refunded,
        vendorPaymentId: 'vp_console_refunded_0003',
        reason: 'policy_cancelled',
        policyType: 'property',
        policyId: 14,
        amount: '500.00',
        currency: 'SAR',
        status: 'succeeded',
        vendorRefundId: 'vr_1',
        attempts: 1,
        nextAttemptAt: at,
        refundedAt: at,
        createdAt: at,
        updatedAt: at,
      },
    });
    // a second charge on the paid payment, to give back in full; the vendor kept failing it: left to operations
    ids.failedRefund = randomUUID();
    await app.db.prisma.refund.create({
      data: {
        id: ids.failedRefund,
        clientId,
        paymentId: ids.paid,
        vendorPaymentId: 'vp_console_second_charge_0005',
        reason: 'already_paid',
        policyType: 'motor',
        policyId: 11,
        amount: '1127.00',
        currency: 'SAR',
        status: 'failed',
        attempts: 8,
        lastError: 'POST /vendor/payments/vp_console_second_charge_0005/refunds answered HTTP 503.',
        nextAttemptAt: at,
        createdAt: at,
        updatedAt: at,
      },
    });
    await createStaff(app, 'operations', 'ops.payments@console.test');
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('lists, filters and shows payments', async () => {
    await page.goto(`${app.url}/admin/login`);
    await page.locator('input[name=username]').fill('ops.payments@console.test');
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('identity').waitFor();

    await page.goto(`${app.url}/admin/payments`);
    await page.getByText('vp_console_paid_0001').waitFor();
    await page.getByText('vp_console_failed_0002').waitFor();
    expect(await page.getByTestId('payment-status').allInnerTexts()).toEqual(expect.arrayContaining(['Paid', 'Failed', 'Pending']));
    await page.getByText('SAR 2,045.50').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'payments-list.png'), fullPage: true });

    await page.goto(`${app.url}/admin/payments?filter=${encodeURIComponent('{"status":"failed"}')}`);
    await page.getByText('vp_console_failed_0002').waitFor();
    // the filtered list is the one on screen: a single row (a list still showing every payment would never get there)
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=payment-status]').length === 1);
    expect(await page.getByText('vp_console_paid_0001').count()).toBe(0);

    await page.getByText('vp_console_failed_0002').click();
    await page.waitForURL(`**/admin/payments/${ids.failed}/show`);
    await page.getByText('card_declined').waitFor();
    await page.getByText('No callbacks received.').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'payments-show.png'), fullPage: true });
  });

  it('finds a payment by its amount, names its client and links to its policy', async () => {
    await page.goto(`${app.url}/admin/payments?filter=${encodeURIComponent('{"q":"2045.50"}')}`);
    await page.getByText('vp_console_failed_0002').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=payment-status]').length === 1);
    const client = await app.db.prisma.apiClient.findFirstOrThrow();
    await page.getByText(client.name).first().waitFor();
    expect(await page.getByTestId('payment-policy-link').first().getAttribute('href')).toMatch(/\/motor-policies\/12\/show$/);
  });

  it("exports every payment, over the API's 100 rows a request", async () => {
    // no filter (the list remembers the last one)
    await page.goto(`${app.url}/admin/payments?filter=${encodeURIComponent('{}')}`);
    await page.getByText('vp_console_paid_0001').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(csv).toHaveLength(1 + 134);
    expect(csv.filter((l) => l.includes('vp_bulk_'))).toHaveLength(130);
    expect(await page.getByText('Server communication error').count()).toBe(0);
  });

  it('shows a refunded payment with its reason and refund, in English and Arabic', async () => {
    await page.goto(`${app.url}/admin/payments/${ids.refunded}/show`);
    await page.getByTestId('payment-status-reason').getByText('The policy was cancelled before this payment was completed.').waitFor();
    await page.getByTestId('payment-refunds').getByText('Paid back').first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'payments-refunded-en.png'), fullPage: true });
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('payment-status-reason').getByText('أُلغيت الوثيقة قبل إتمام هذه الدفعة.').waitFor();
    await page.getByTestId('payment-refunds').getByText('تم الرد').first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'payments-refunded-ar.png'), fullPage: true });
    await page.getByRole('button', { name: /العربية/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  });

  it('shows the refunds left to operations and tries a failed one again with a reason', async () => {
    await page.goto(`${app.url}/admin/refunds?filter=${encodeURIComponent('{"status":"failed"}')}`);
    await page.getByText(/answered HTTP 503\./).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=refund-status]').length === 1);
    expect(await page.getByTestId('refund-status').innerText()).toBe('Failed: for operations');
    await page.screenshot({ path: join(SCREENSHOTS, 'refunds-failed-list.png'), fullPage: true });

    await page.getByText(/answered HTTP 503\./).click();
    await page.waitForURL(`**/admin/refunds/${ids.failedRefund}/show`);
    await page.getByText('The policy was already paid: the second charge goes back in full.').waitFor();
    expect(await page.getByTestId('refund-payment-link').getAttribute('href')).toMatch(new RegExp(`/payments/${ids.paid}/show$`));
    await page.getByTestId('retry-refund').click();
    await page.getByTestId('retry-reason').fill('The vendor says refunds work again.');
    await page.getByTestId('retry-confirm').click();
    await page.getByText('The refund is being paid back again.').waitFor();
    await page.getByTestId('refund-status').getByText('Being paid back').waitFor();
    expect(await page.getByTestId('retry-refund').count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'refunds-retried.png'), fullPage: true });
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByText('كانت الوثيقة مدفوعة: يُرد الخصم الثاني كاملاً.').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'refunds-retried-ar.png'), fullPage: true });
    await page.getByRole('button', { name: /العربية/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');

    const row = await app.db.prisma.refund.findUniqueOrThrow({ where: { id: ids.failedRefund } });
    expect(row.status).toBe('pending');
    const audit = await app.db.prisma.auditLogEntry.findFirstOrThrow({ where: { action: 'refunds.retry', resourceId: ids.failedRefund } });
    expect(audit).toMatchObject({ staffEmail: 'ops.payments@console.test', after: { status: 'pending', reason: 'The vendor says refunds work again.' } });
  });

  it('shows a lapsed link as expired before its lapse is stored, in English and Arabic, writing nothing', async () => {
    const client = await app.db.prisma.apiClient.findFirstOrThrow();
    const at = app.clock.now();
    ids.lapsed = randomUUID();
    await app.db.prisma.payment.create({
      data: {
        id: ids.lapsed,
        clientId: client.id,
        policyType: 'motor',
        policyId: 15,
        amount: '640.00',
        currency: 'SAR',
        status: 'pending',
        linkToken: randomBytes(24).toString('base64url'),
        vendorReference: 'vp_console_lapsed_0006',
        expiresAt: new Date(at.getTime() - 3_600_000),
        createdAt: new Date(at.getTime() - 90_000_000),
        updatedAt: new Date(at.getTime() - 90_000_000),
      },
    });
    await page.goto(`${app.url}/admin/payments?filter=${encodeURIComponent('{"q":"vp_console_lapsed_0006"}')}`);
    await page.getByText('vp_console_lapsed_0006').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=payment-status]').length === 1);
    expect(await page.getByTestId('payment-status').allInnerTexts()).toEqual(['Expired']);
    await page.getByText('vp_console_lapsed_0006').click();
    await page.waitForURL(`**/admin/payments/${ids.lapsed}/show`);
    await page.getByText('Expired').first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'payments-lapsed-en.png'), fullPage: true });
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByText('منتهية').first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'payments-lapsed-ar.png'), fullPage: true });
    await page.getByRole('button', { name: /العربية/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    expect((await app.db.prisma.payment.findUniqueOrThrow({ where: { id: ids.lapsed } })).status).toBe('pending');
  });

  it('sorts by the status it shows: the lapsed link among the expired, not the pending, in English and Arabic', async () => {
    const sorted = `${app.url}/admin/payments?sort=status&order=DESC&perPage=25`;
    await page.goto(sorted);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=payment-status]').length === 25);
    // status codes z to a, as the chips read them; the lapsed link, stored pending, is past every pending one
    const RANK: Record<string, number> = { Refunded: 5, Pending: 4, Paid: 3, Failed: 2, Expired: 1, 'Link withdrawn': 0 };
    const shown = (await page.getByTestId('payment-status').allInnerTexts()).map((t) => t.trim());
    expect(shown.map((t) => RANK[t] ?? `unknown status ${t}`)).toEqual([...shown.map((t) => RANK[t])].sort((a, b) => b - a));
    expect(shown).toContain('Pending');
    await page.screenshot({ path: join(SCREENSHOTS, 'payments-by-status-en.png'), fullPage: true });
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByText('منتهية').first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'payments-by-status-ar.png'), fullPage: true });
    await page.getByRole('button', { name: /العربية/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
