import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { MINUTE_MS } from '../../libs/common/src';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from '../console/browser';
import { startTestApp, TestApp } from '../support/test-app';
import { PORTAL_PASSWORD, resetPortalKit, staffInvite } from './portal-kit';

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

describeBrowser('the partner portal in a browser: invitation, password, sign-in, a new secret', () => {
  let app: TestApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    resetPortalKit();
    app = await startTestApp({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000' } });
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  beforeEach(() => app.clock.advance(MINUTE_MS));

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `portal-${name}.png`), fullPage: true });
  const tokenStatus = async (id: string, secret: string) =>
    (await app.request('/oauth/token', { json: { grant_type: 'client_credentials', client_id: id, client_secret: secret } })).status;

  /** Presses Tab until the element with `testId` has the focus (a keyboard user's way there), then Enter. */
  async function tabTo(testId: string) {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) {
        await page.keyboard.press('Enter');
        return;
      }
    }
    throw new Error(`${testId} never took the focus`);
  }

  async function signIn(email: string) {
    await context.clearCookies();
    await page.goto(`${app.url}/portal/login`);
    await page.locator('input[name=username]').fill(email);
    await page.locator('input[name=password]').fill(PORTAL_PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('client-id').waitFor();
  }

  it('in English on a laptop: the invitee sets a password, signs in and generates a new secret shown once', async () => {
    const partner = await app.partner(['motor-tpl', 'travel']);
    const invited = await staffInvite(app, partner.id, 'developer', 'browser.dev@partner.test');

    await page.goto(invited.invitation_url);
    await page.getByTestId('invitation-intro').waitFor();
    expect(await page.getByTestId('invitation-intro').innerText()).toContain('browser.dev@partner.test');
    await shot('1-set-password-en');
    await page.locator('input[name=password]').fill(PORTAL_PASSWORD);
    await page.locator('input[name=confirm]').fill(PORTAL_PASSWORD);
    await page.getByTestId('set-password').click();
    await page.getByTestId('password-set').waitFor();
    await page.getByTestId('go-sign-in').click();
    await page.locator('input[name=username]').waitFor();
    await shot('2-sign-in-en');

    await page.locator('input[name=username]').fill('browser.dev@partner.test');
    await page.locator('input[name=password]').fill(PORTAL_PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('client-id').waitFor();
    expect(await page.getByTestId('client-id').innerText()).toBe(partner.id);
    expect(await page.getByTestId('products').innerText()).toContain('TPL Motor');
    await shot('3-api-management-en');

    await page.getByTestId('generate-secret').click();
    await page.getByTestId('confirm-generate').click();
    await page.getByTestId('client-secret').waitFor();
    const secret = await page.getByTestId('client-secret').innerText();
    await shot('4-new-secret-en');
    expect(await tokenStatus(partner.id, partner.secret)).toBe(401);
    expect(await tokenStatus(partner.id, secret)).toBe(200);
    await page.getByTestId('secret-done').click();
    await page.getByTestId('secret-dialog').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('in Arabic on a 390 px phone, by keyboard: right-to-left, nothing wider than the screen, the secret replaced', async () => {
    const partner = await app.partner(['horse']);
    const owner = await staffInvite(app, partner.id, 'owner', 'phone.owner@partner.test');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('RaStore.locale', '"ar"'));

    await page.goto(owner.invitation_url);
    await page.getByTestId('invitation-intro').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('invitation-intro').innerText()).toContain('دُعيت');
    await page.locator('input[name=password]').fill(PORTAL_PASSWORD);
    await page.locator('input[name=confirm]').fill(PORTAL_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByTestId('password-set').waitFor();
    await shot('5-password-set-ar-phone');

    await signIn('phone.owner@partner.test');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot('6-api-management-ar-phone');

    await tabTo('generate-secret');
    await page.getByTestId('confirm-generate').waitFor();
    await shot('7-confirm-ar-phone');
    await tabTo('confirm-generate');
    await page.getByTestId('client-secret').waitFor();
    const secret = await page.getByTestId('client-secret').innerText();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot('8-new-secret-ar-phone');
    expect(await tokenStatus(partner.id, partner.secret)).toBe(401);
    expect(await tokenStatus(partner.id, secret)).toBe(200);
    await page.getByTestId('secret-done').click();

    await page.goto(`${app.url}/portal/users`);
    await page.locator('.RaDataTable-tbody .RaDataTable-row').first().waitFor();
    expect(await page.locator('.RaDataTable-tbody').innerText()).toContain('phone.owner@partner.test');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot('9-team-ar-phone');
    expect(errors).toEqual([]);
  });
});
