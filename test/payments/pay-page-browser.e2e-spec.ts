import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserAvailable, launchBrowser, SCREENSHOTS } from '../console/browser';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { signIn } from '../admin/admin-kit';
import { eventually, LOCAL_RECEIVERS_ENV, WebhookReceiver } from '../webhooks/webhook-receiver';
import { CARDS, issueMotorPolicy, motorQuote } from './payment-kit';

const describeBrowser = browserAvailable() ? describe : describe.skip;

/** The customer's journey in a real browser, which enforces the page's CSP (styles by nonce, form targets). */
describeBrowser('the payment page in a browser', () => {
  let env: MotorTestEnv;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let token: string;
  let quote: any;
  let receiver: WebhookReceiver;
  const used = new Set<string>();
  const problems: string[] = [];

  beforeAll(async () => {
    env = await startMotorEnv({ env: { POLICY_DOCUMENTS_POLL_MS: '0', WEBHOOK_POLL_INTERVAL_MS: '30', ...LOCAL_RECEIVERS_ENV } });
    const partner = await env.app.partner(['motor-tpl-comparison']);
    token = partner.token;
    receiver = await WebhookReceiver.start();
    const ops = await signIn(env.app, 'operations');
    expect((await ops.call('/admin/api/webhook-endpoints', { json: { client_id: partner.id, url: receiver.url } })).status).toBe(201);
    quote = await motorQuote(env, token);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (e) => problems.push(e.message));
    // Any failed request but the favicon the browser asks every origin for (the pages have none, on purpose).
    page.on('response', (r) => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && problems.push(`${r.status()} ${r.url()}`));
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && problems.push(m.text()));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await env?.close();
  });

  it('pays in Arabic: styled right-to-left page, card typed on the vendor page, back to the partner with the policy id, then the PDF and the webhooks', async () => {
    const { policy } = await issueMotorPolicy(env, token, quote, used, { redirect_url: `${env.app.url}/health/live?policy=policyID` });
    await page.goto(`${policy.payment_link}?lang=ar`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // the nonce'd stylesheet applied (a CSP violation would leave the button unstyled)
    expect(await page.locator('button[type=submit]').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(29, 36, 51)');
    await page.screenshot({ path: join(SCREENSHOTS, 'pay-page-arabic.png'), fullPage: true });

    await page.locator('button[type=submit]').click();
    await page.waitForURL(`${env.sandbox.baseUrl}/vendor/checkout/**`);
    await page.locator('input[name=card_number]').fill(CARDS.success);
    await page.locator('input[name=expiry]').fill('12/30');
    await page.locator('input[name=cvc]').fill('123');
    await page.locator('input[name=name]').fill('Test Customer');
    await page.screenshot({ path: join(SCREENSHOTS, 'vendor-card-form.png'), fullPage: true });
    await page.locator('button[type=submit]').click();
    await page.waitForURL(`${env.app.url}/health/live?policy=${policy.id}`);
    const shown = await env.app.request(`/api/v1/car-comp/policies/${policy.id}`, { token });
    expect(shown.body.status).toBe(1);
    expect(problems).toEqual([]);

    // the policy document follows shortly, and the partner's endpoint hears status 0, status 1, then the document
    const withPdf = await eventually(
      async () => {
        const p = (await env.app.request(`/api/v1/car-comp/policies/${policy.id}`, { token })).body;
        return p.provider_policy ? p : null;
      },
      20_000,
      'the policy PDF',
    );
    const pdf = await fetch(withPdf.provider_policy, { headers: { Authorization: `Bearer ${token}` } });
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const events = await eventually(
      async () => {
        const mine = receiver.received
          .map((r) => ({ event: r.headers['webhook-event'], policy: JSON.parse(r.body).policy }))
          .filter((e) => e.policy.id === policy.id);
        return mine.length >= 3 ? mine : null;
      },
      20_000,
      'three webhooks',
    );
    expect(events.map((e) => [e.event, e.policy.status])).toEqual([
      ['policy.status_updated', 0],
      ['policy.status_updated', 1],
      ['policy.documents_updated', 1],
    ]);
    expect(events[2].policy.provider_policy).toBe(withPdf.provider_policy);
  });

  it('shows an English page with the decline and lets the customer try again', async () => {
    const { policy } = await issueMotorPolicy(env, token, quote, used);
    await page.goto(policy.payment_link);
    await page.locator('button[type=submit]').click();
    await page.waitForURL(`${env.sandbox.baseUrl}/vendor/checkout/**`);
    await page.locator('input[name=card_number]').fill(CARDS.declined);
    await page.locator('input[name=expiry]').fill('12/30');
    await page.locator('input[name=cvc]').fill('123');
    await page.locator('input[name=name]').fill('Test Customer');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(`${policy.payment_link}/return**`);
    await page.getByText('Your card was declined').waitFor();
    expect(await page.locator('button[type=submit]').innerText()).toContain('Try again');
    await page.screenshot({ path: join(SCREENSHOTS, 'pay-page-declined.png'), fullPage: true });
  });
});
