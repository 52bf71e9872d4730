import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createStaff, PASSWORD } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { browse, CARDS, payWithCard } from '../payments/payment-kit';
import { issueForm, nextVehicle } from '../tpl/tpl-kit';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from './browser';

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

describeBrowser('the TPL policies console in a browser', () => {
  let env: MotorTestEnv;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let policyId: number;
  let vin: string;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    env = await startMotorEnv({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', TOKEN_TTL_SECONDS: '31536000' } });
    await createStaff(env.app, 'operations', 'operations@tpl.test');
    await createStaff(env.app, 'account_manager', 'manager@tpl.test');
    const token = (await env.app.partner(['motor-tpl'])).token;
    const v = nextVehicle();
    vin = v.vin;
    const res = await env.app.request('/v2/car/policies', { method: 'POST', token, body: await issueForm(env, v) });
    policyId = res.body.id;
    const hops = await payWithCard(res.body.payment_link, CARDS.success);
    await browse(hops.submitted.location!);
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

  it('an account manager sees the policy, masked, without the cancel button', async () => {
    await signIn('manager@tpl.test');
    await page.goto(`${env.app.url}/admin/tpl-policies`);
    await page.getByText(vin).first().waitFor();
    await page.goto(`${env.app.url}/admin/tpl-policies/${policyId}/show`);
    await page.getByText(vin).first().waitFor();
    expect(await page.getByText('buyer@example.com').count()).toBe(0);
    expect(await page.getByTestId('cancel-policy').count()).toBe(0);
  });

  it('operations cancel with a reason; the view shows the cancellation', async () => {
    await signIn('operations@tpl.test');
    await page.goto(`${env.app.url}/admin/tpl-policies/${policyId}/show`);
    await page.getByText('buyer@example.com').waitFor();
    await page.getByTestId('cancel-policy').click();
    await page.getByTestId('cancel-reason').fill('Transfer confirmed by phone.');
    await page.getByTestId('cancel-confirm').click();
    await page.getByTestId('activity-audit').getByText('Transfer confirmed by phone.').waitFor(); // and in the cancellation section
    await page.screenshot({ path: join(SCREENSHOTS, 'tpl-policy-cancelled.png'), fullPage: true });
    const row = await env.app.db.prisma.tplPolicy.findUniqueOrThrow({ where: { id: policyId } });
    expect(row).toMatchObject({ status: 2, canceledBy: 'operations@tpl.test', cancellationReason: 'Transfer confirmed by phone.' });
    expect(errors).toEqual([]);
  });
});
