import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createStaff, PASSWORD } from '../../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../../support/motor-kit';
import { activateAsPaid, policyBody as propertyBody } from '../../support/property-kit';
import { eventually, payLink } from '../../life/life-kit';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from '../browser';

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

const OWNER = { name: 'Faisal Alharbi', id: '1029384756', email: 'faisal@example.com', phone: '0555123456' };

/**
 * An operations agent's day: a customer calls with a phone number, a partner asks about a payment reference;
 * the agent finds both from the app bar across every family, opens the policy with the keyboard, sees its
 * payments, refunds, webhooks and history on one page, asks the insurer, cancels with a reason and sees the
 * refund owed. Data comes through the partner API; what is asserted is what the agent sees.
 */
describeBrowser('journey: operations', () => {
  let env: MotorTestEnv;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let horseId: number;
  let propertyId: number;
  let vendorReference: string;
  const errors: string[] = [];
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `journey-ops-${name}.png`), fullPage: true });

  beforeAll(async () => {
    ensureConsoleBuilt();
    env = await startMotorEnv({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', TOKEN_TTL_SECONDS: '31536000' } });
    await createStaff(env.app, 'operations', 'agent@ops.test');
    const partner = await env.app.partner(['horse', 'property-multi']);
    const horse = await env.app.request('/api/v1/horse/policies', {
      token: partner.token,
      json: {
        horse: {
          name: 'Desert Wind',
          breed: 'Arabian',
          date_of_birth: '2019-03-01',
          sex: 'male',
          use: 'racing',
          microchip_number: '682000000012345',
          value: 250000,
        },
        owner: OWNER,
        declaration: true,
      },
    });
    horseId = horse.body.id;
    await payLink(horse.body.payment_link);
    propertyId = (await env.app.request('/api/v1/property/policies', { token: partner.token, json: propertyBody() })).body.id;
    vendorReference = (await activateAsPaid(env.app, propertyId)).paid.vendorPaymentId;
    await eventually(() => env.app.db.prisma.horsePolicy.count({ where: { id: horseId, status: 1 } }));
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await env?.close();
  });

  it('signs in and finds a caller by the phone number they give, however they say it', async () => {
    await page.goto(`${env.app.url}/admin/login`);
    await page.locator('input[name=username]').fill('agent@ops.test');
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('identity').waitFor();
    await page.getByTestId('global-search').fill('+966 55 512 3456');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/search?q=*');
    await page.getByTestId('search-count').getByText('1 result').waitFor();
    const result = page.getByTestId('search-result');
    expect(await result.innerText()).toMatch(/Horse policy[\s\S]*Faisal Alharbi[\s\S]*Active[\s\S]*Phone/);
    await shot('01-search-phone');
  });

  it('opens the policy from the results with the keyboard and sees its payment, webhooks and history on the page', async () => {
    await page.getByTestId('search-result').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/horse-policies/${horseId}/show`);
    await page.getByTestId('activity-payments').getByRole('cell', { name: 'Paid', exact: true }).waitFor();
    await page.getByTestId('activity-audit').getByText('None yet.').waitFor();
    await shot('02-horse-policy');
  });

  it("finds a partner's payment by the vendor reference and goes to the policy it paid for", async () => {
    await page.getByTestId('global-search').fill(vendorReference);
    await page.keyboard.press('Enter');
    await page.getByTestId('search-count').getByText('1 result').waitFor();
    expect(await page.getByTestId('search-result').innerText()).toMatch(/Payment[\s\S]*Paid[\s\S]*Payment reference/);
    await shot('03-search-payment');
    await page.getByRole('link', { name: 'Policy ›' }).click();
    await page.waitForURL(`**/admin/property-policies/${propertyId}/show`);
    await page.getByTestId('activity-payments').getByText(vendorReference).waitFor();
  });

  it('asks the insurer, keeps its answer on the page, cancels with a reason and sees the refund and the history', async () => {
    await page.getByTestId('check-status').click();
    await page.getByTestId('insurer-status').getByText('The insurer says: active').waitFor();
    await page.getByTestId('cancel-policy').click();
    await page.getByTestId('cancel-reason').fill('Customer sold the house.');
    await page.getByTestId('cancel-confirm').click();
    await page.getByTestId('cancel-policy').waitFor({ state: 'detached' });
    const history = page.getByTestId('activity-audit');
    await history.getByText('Customer sold the house.').waitFor();
    expect(await history.innerText()).toMatch(/Cancelled[\s\S]*agent@ops\.test/);
    await page.getByTestId('activity-refunds').getByText('The policy was cancelled', { exact: false }).waitFor();
    await shot('04-property-cancelled');
    const refund = await env.app.db.prisma.refund.findFirstOrThrow({ where: { policyType: 'property', policyId: propertyId } });
    expect(refund.reason).toBe('policy_cancelled');
  });

  it('searches from a phone too: the search page fits 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.app.url}/admin/search?q=${encodeURIComponent(OWNER.id)}`);
    await page.getByTestId('search-count').getByText('1 result').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('05-search-phone-390');
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('reads the search and the policy page in Arabic', async () => {
    await page.goto(`${env.app.url}/openapi.json`);
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ar')));
    await page.goto(`${env.app.url}/admin/search?q=${encodeURIComponent(OWNER.phone)}`);
    const result = page.getByTestId('search-result');
    await result.waitFor();
    expect(await page.getByTestId('search-count').innerText()).toBe('نتيجة واحدة');
    expect(await result.innerText()).toMatch(/سارية[\s\S]*الجوال/);
    await shot('06-search-arabic');
    await page.goto(`${env.app.url}/admin/property-policies/${propertyId}/show`);
    const history = page.getByTestId('activity-audit');
    await history.getByText('أُلغيت').waitFor();
    expect(await page.getByTestId('activity-refunds').innerText()).not.toMatch(/policy_cancelled|pending/);
    await shot('07-property-activity-arabic');
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
