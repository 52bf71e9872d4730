import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createStaff, PASSWORD } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { eventually, payLink } from '../life/life-kit';
import { traveller, travelPolicy } from '../travel/travel-kit';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from './browser';

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

describeBrowser('travel policies in the console', () => {
  let env: MotorTestEnv;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let paidId: number;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    env = await startMotorEnv({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', TOKEN_TTL_SECONDS: '31536000' } });
    await createStaff(env.app, 'operations', 'operations@travel.test');
    await createStaff(env.app, 'account_manager', 'manager@travel.test');
    const { token } = await env.app.partner(['travel']);
    const family = [
      traveller(),
      traveller({ full_name: 'Omar Alqahtani', passport_number: 'G22345678', gender: 'm', date_of_birth: '2015-06-01', relation: 'son' }),
    ];
    const policy = await travelPolicy(env, token, { travellers: family });
    paidId = policy.id;
    await payLink(policy.payment_link);
    await eventually(async () => (await env.app.db.prisma.travelPolicy.findUnique({ where: { id: paidId } }))?.policyFileId);
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await env?.close();
  });

  async function signIn(email: string) {
    await context.clearCookies();
    await page.goto(`${env.app.url}/admin/login`);
    await page.locator('input[name=username]').fill(email);
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('identity').waitFor();
  }

  it('an account manager sees the policy with its travellers masked and no cancel action', async () => {
    await signIn('manager@travel.test');
    await page.goto(`${env.app.url}/admin/travel-policies/${paidId}/show`);
    await page.getByTestId('policy-status').getByText('Active').waitFor();
    await page.getByText('Sa**********ni').waitFor();
    expect(await page.getByText('Sara Alqahtani').count()).toBe(0);
    expect(await page.getByTestId('cancel-policy').count()).toBe(0);
  });

  it('operations read it in full in Arabic and cancel it before the trip with a reason', async () => {
    await signIn('operations@travel.test');
    await page.goto(`${env.app.url}/admin/travel-policies/${paidId}/show`);
    await page.getByText('Omar Alqahtani').waitFor();
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('policy-status').getByText('سارية').waitFor();
    await page.getByText('رحلة واحدة').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'travel-policy-arabic.png'), fullPage: true });
    await page.getByTestId('cancel-policy').click();
    await page.getByTestId('cancel-reason').fill('تأجيل الرحلة بطلب العميل');
    await page.getByTestId('cancel-confirm').click();
    await page.getByTestId('policy-status').getByText('ملغاة').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'travel-policy-cancelled-arabic.png'), fullPage: true });
    const row = await env.app.db.prisma.travelPolicy.findUniqueOrThrow({ where: { id: paidId } });
    expect([row.status, row.refundAmount?.toFixed(2)]).toEqual([2, row.price.toFixed(2)]);
    expect(await env.app.db.prisma.auditLogEntry.count({ where: { action: 'travel-policies.cancel', resourceId: String(paidId) } })).toBe(1);
    expect(errors).toEqual([]);
  });
});
