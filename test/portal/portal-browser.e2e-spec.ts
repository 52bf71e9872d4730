import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ManualClock, MINUTE_MS } from '../../libs/common/src';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from '../console/browser';
import { payLink } from '../life/life-kit';
import { motorQuote } from '../payments/payment-kit';
import { RunningSandbox, startSandbox } from '../sandbox/sandbox-test-kit';
import type { MotorTestEnv } from '../support/motor-kit';
import { startTestApp, TestApp } from '../support/test-app';
import { eventually, LOCAL_RECEIVERS_ENV, Received, WebhookReceiver } from '../webhooks/webhook-receiver';
import { PORTAL_PASSWORD, portalUser, resetPortalKit, staffInvite } from './portal-kit';

/** The receiver's check from docs/webhooks.md. */
function signedWith(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = 'v1,' + createHmac('sha256', key).update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`).digest('base64');
  return String(r.headers['webhook-signature']).split(' ').includes(expected);
}

const HORSE = {
  horse: { name: 'Desert Wind', breed: 'Arabian', date_of_birth: '2019-03-01', sex: 'male', use: 'racing', microchip_number: '682000000012345', value: 250000 },
  owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
  declaration: true,
};

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

describeBrowser('the partner portal in a browser: invitation, password, sign-in, a new secret, a webhook endpoint', () => {
  let app: TestApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let receiver: WebhookReceiver;
  let sandbox: RunningSandbox;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    resetPortalKit();
    // the sandbox insurers and card vendor, on the app's clock: the developer issues and pays a policy
    const clock = new ManualClock('2026-11-22T09:00:00.000Z');
    sandbox = await startSandbox({ clock });
    app = await startTestApp({
      clock,
      env: {
        RATE_LIMIT_DEFAULT_PER_MINUTE: '1000',
        WEBHOOK_POLL_INTERVAL_MS: '30',
        REQUEST_LOG_FLUSH_MS: '50',
        SANDBOX_URL: sandbox.baseUrl,
        MOTOR_INSURER_TIMEOUT_MS: '10000',
        MOTOR_QUOTE_DEADLINE_MS: '12000',
        ...LOCAL_RECEIVERS_ENV,
      },
    });
    receiver = await WebhookReceiver.start();
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  }, 180_000);
  afterAll(async () => {
    await receiver?.close();
    await browser?.close();
    await app?.close();
    await sandbox?.close();
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
    const partner = await app.partner(['motor-tpl', 'travel', 'horse', 'motor-comprehensive-comparison']);
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

    // Webhooks: an internal address is refused on the field; the receiver is registered, its signing secret shown
    // once; a test event arrives signed with it and its delivery shows the attempt.
    await page.getByTestId('menu-webhook-endpoints').click();
    await page.getByTestId('register-endpoint').click();
    await page.getByTestId('endpoint-url-input').fill('http://10.0.0.1/hooks');
    await page.locator('button[type=submit]').click();
    await page.getByText('may not point at a private').first().waitFor();
    await shot('10-endpoint-refused-en');
    await page.getByTestId('endpoint-url-input').fill(receiver.url);
    await page.locator('input[name=description]').fill('Browser receiver');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('webhook-secret').waitFor();
    const signing = await page.getByTestId('webhook-secret').innerText();
    expect(signing).toMatch(/^whsec_/);
    await shot('11-endpoint-secret-en');
    await page.getByTestId('webhook-secret-done').click();
    await page.getByTestId('no-deliveries').waitFor();
    expect(await page.getByTestId('endpoint-url').innerText()).toBe(receiver.url);

    await page.getByTestId('endpoint-test').click();
    await page.getByTestId('delivery-status').filter({ hasText: 'Delivered' }).waitFor();
    expect(receiver.received).toHaveLength(1);
    expect(signedWith(signing, receiver.received[0])).toBe(true);
    await shot('12-endpoint-delivered-en');
    await page.locator('.RaDataTable-tbody .RaDataTable-row').first().click();
    await page.getByTestId('delivery-attempts').waitFor();
    expect(await page.getByTestId('attempt-status-code').allInnerTexts()).toEqual(['200']);
    expect(await page.getByTestId('delivery-replay').isVisible()).toBe(true);
    await shot('13-delivery-en');

    // Requests: a failing API call, found by the X-Request-Id of its answer, opened with its error answer.
    const token = await app.token({ id: partner.id, secret });
    const failed = await app.request('/api/v1/travel/quotes', { token, json: {} });
    expect(failed.status).toBe(422);
    const requestId = failed.headers.get('x-request-id')!;
    // written about REQUEST_LOG_FLUSH_MS after the answer: the page is opened once the row is stored
    await eventually(async () => (await app.db.sql.query('SELECT 1 FROM partner_request_log WHERE request_id = $1', [requestId])).length > 0);
    await page.getByTestId('menu-requests').click();
    await page.locator('input[name=request_id]').fill(requestId);
    // the search is applied once the list holds that one row
    await page.waitForFunction(() => document.querySelectorAll('.RaDataTable-tbody .RaDataTable-row').length === 1);
    expect(await page.locator('.RaDataTable-tbody').innerText()).toContain(requestId);
    expect(await page.getByTestId('request-status').innerText()).toBe('422');
    await shot('19-requests-en');
    await page.locator('.RaDataTable-tbody .RaDataTable-row').first().click();
    await page.getByTestId('request-error-body').waitFor();
    expect(JSON.parse(await page.getByTestId('request-error-body').innerText())).toEqual(failed.body);
    expect(await page.getByTestId('request-request-id').innerText()).toBe(requestId);
    await shot('20-request-en');

    // Policies: the policy the developer's systems issued (and its customer paid) is in its list, the insured masked,
    // and opens by keyboard; a motor quote request gives the overview its insurers.
    const issued = await app.request('/api/v1/horse/policies', { token, json: HORSE });
    expect(issued.status).toBe(201);
    await payLink(issued.body.payment_link);
    await eventually(async () => (await app.request(`/api/v1/horse/policies/${issued.body.id}`, { token })).body.status === 1);
    await motorQuote({ app } as MotorTestEnv, token);
    await page.getByTestId('menu-policies').click();
    const row = page.getByTestId(`policy-horse-${issued.body.id}`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Fa**********bi');
    expect(await row.innerText()).not.toContain('Faisal');
    await shot('22-policies-en');
    // found by the insurer's policy number typed in the search box; a number of nothing empties the list
    const search = page.getByTestId('policies-search').locator('input');
    await search.fill('NO-SUCH-POLICY');
    await row.waitFor({ state: 'detached' });
    await shot('22a-policies-search-none-en');
    const number = (await app.request(`/api/v1/horse/policies/${issued.body.id}`, { token })).body.provider_policy_id as string;
    await search.fill(number);
    await row.waitFor();
    expect(await page.locator('.RaDataTable-tbody .RaDataTable-row').count()).toBe(1);
    await shot('22b-policies-search-en');
    // cleared, the list is asked again without the search (and remembers no search for later visits)
    await Promise.all([page.waitForResponse((r) => r.url().includes('/portal/api/policies?') && !r.url().includes('q=')), search.fill('')]);
    await row.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('policy-premium').waitFor();
    expect(await page.getByTestId('policy-premium').innerText()).toContain('18,687.50');
    await shot('23-policy-en');
    // its payment, paid, links back to the policy; no refund or claim yet
    await page.getByTestId('menu-payments').click();
    await page.getByTestId('business-status').filter({ hasText: 'Paid' }).waitFor();
    await page.locator('.RaDataTable-tbody .RaDataTable-row').first().click();
    await page.getByText(`horse-${issued.body.id}`).first().waitFor();
    await shot('23b-payment-en');
    for (const menu of ['menu-refunds', 'menu-claims'] as const) {
      await page.getByTestId(menu).click();
      await page.locator('.RaEmpty-message').waitFor();
      expect(await page.locator('.RaDataTable-row').count()).toBe(0);
    }

    // The overview at 1280 px and on a 390 px phone, in English and in Arabic: nothing wider than the screen.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('menu-overview').click();
    await page.getByTestId('insurer-table').waitFor();
    await page.locator('[data-testid=premium-chart] .recharts-bar-rectangle').first().waitFor();
    expect(await page.getByTestId('overview-premium-value').innerText()).toContain('18,687.50');
    await shot('24-overview-1280-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-testid=premium-chart] .recharts-bar-rectangle').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot('25-overview-390-en');
    await page.goto(`${app.url}/portal/policies`);
    await page.locator('[data-testid=list-card]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot('26-policies-390-en');
    await page.evaluate(() => localStorage.setItem('RaStore.locale', '"ar"'));
    await page.goto(`${app.url}/portal/policies`);
    await page.locator('[data-testid=list-card]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('policies-search').innerText()).toContain('رقم الوثيقة أو مرجعها');
    expect(await search.inputValue()).toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot('26b-policies-390-ar');
    await page.goto(`${app.url}/portal/overview`);
    await page.getByTestId('insurer-table').waitFor();
    await page.locator('[data-testid=premium-chart] .recharts-bar-rectangle').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot('27-overview-390-ar');
    await page.evaluate(() => localStorage.setItem('RaStore.locale', '"en"'));
    await page.setViewportSize({ width: 1366, height: 860 });
    // this partner's endpoint is disabled: its policy's later events never reach the receiver the next tests count on
    const disabled = await page.evaluate(async () => {
      const headers = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
      const [endpoint] = (await (await fetch('/portal/api/webhook-endpoints')).json()) as Array<{ id: string }>;
      return (await fetch(`/portal/api/webhook-endpoints/${endpoint.id}`, { method: 'PUT', headers, body: JSON.stringify({ active: false }) })).status;
    });
    expect(disabled).toBe(200);
    expect(errors).toEqual([]);
  }, 240_000);

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

    // The Webhooks area on the phone, in Arabic: register, send a test event, open its delivery and replay it.
    const sent = receiver.received.length;
    await page.goto(`${app.url}/portal/webhook-endpoints/create`);
    await page.getByTestId('endpoint-url-input').fill(receiver.url);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot('14-register-endpoint-ar-phone');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('webhook-secret').waitFor();
    await page.getByTestId('webhook-secret-done').click();
    await page.getByTestId('endpoint-test').click();
    await page.getByTestId('delivery-status').filter({ hasText: 'وصل' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot('15-endpoint-ar-phone');
    // on a phone the deliveries are the console's shared list as cards
    await page.locator('[data-testid=list-card]').first().click();
    await page.getByTestId('delivery-attempts').waitFor();
    await page.getByTestId('delivery-replay').click();
    await receiver.waitFor(sent + 2);
    await page.getByTestId('delivery-attempt').nth(1).getByTestId('attempt-status-code').filter({ hasText: '200' }).waitFor();
    expect(receiver.received.slice(sent).map((r) => r.headers['webhook-id'])).toEqual([
      receiver.received[sent].headers['webhook-id'],
      receiver.received[sent].headers['webhook-id'],
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot('16-delivery-ar-phone');
    await page.goto(`${app.url}/portal/webhook-deliveries`);
    await page.locator('.RaDataTable-tbody .RaDataTable-row, [data-testid=list-card]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot('17-deliveries-ar-phone');
    // Requests on the phone, in Arabic: the token request of the new secret is listed; nothing wider than the screen.
    // (an empty filter in the address: the list would otherwise keep the English test's search)
    await page.goto(`${app.url}/portal/requests?filter=${encodeURIComponent('{}')}`);
    // the console's shared list: cards on a phone
    await page.locator('[data-testid=list-card]').first().waitFor();
    expect(await page.locator('[data-testid=list-cards]').innerText()).toContain('/oauth/token');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot('21-requests-ar-phone');
    expect(errors).toEqual([]);
  }, 180_000);

  it('a viewer sees the endpoints and deliveries with their attempts, and no button that changes them', async () => {
    const partner = await app.partner(['horse']);
    const dev = await portalUser(app, partner.id, 'developer');
    const viewer = await portalUser(app, partner.id, 'viewer');
    const endpoint = (await dev.call('/portal/api/webhook-endpoints', { json: { url: receiver.url } })).body;
    expect((await dev.call(`/portal/api/webhook-endpoints/${endpoint.id}/test`, { json: {} })).status).toBe(202);
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.evaluate(() => localStorage.setItem('RaStore.locale', '"en"'));

    await signIn(viewer.email);
    await page.getByTestId('menu-webhook-endpoints').click();
    await page.getByTestId('endpoint-url').first().waitFor();
    expect(await page.getByTestId('register-endpoint').count()).toBe(0);
    await page.getByTestId('endpoint-url').first().click();
    await page.getByTestId('delivery-status').filter({ hasText: 'Delivered' }).waitFor();
    for (const id of ['endpoint-test', 'endpoint-rotate', 'endpoint-disable', 'endpoint-enable'])
      expect([id, await page.getByTestId(id).count()]).toEqual([id, 0]);
    await page.locator('.RaDataTable-tbody .RaDataTable-row').first().click();
    await page.getByTestId('delivery-attempts').waitFor();
    expect(await page.getByTestId('delivery-replay').count()).toBe(0);
    await shot('18-delivery-viewer-en');
    expect(errors).toEqual([]);
  }, 120_000);
});
