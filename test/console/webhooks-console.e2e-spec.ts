import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startTestApp, TestApp } from '../support/test-app';
import { createStaff, PASSWORD } from '../admin/admin-kit';
import { LOCAL_RECEIVERS_ENV, WebhookReceiver } from '../webhooks/webhook-receiver';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from './browser';

const describeBrowser = browserAvailable() ? describe : describe.skip;

describeBrowser('webhooks in the console', () => {
  let app: TestApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let receiver: WebhookReceiver;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    app = await startTestApp({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', WEBHOOK_POLL_INTERVAL_MS: '50', ...LOCAL_RECEIVERS_ENV } });
    await createStaff(app, 'operations', 'ops@webhooks.test');
    receiver = await WebhookReceiver.start();
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await app?.close();
  });

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  it('registers an endpoint (secret shown once), sends a test event, shows its attempts and resends it', async () => {
    const { id: clientId } = await app.createClient(['motor-tpl-comparison']);
    await app.db.prisma.apiClient.update({ where: { id: clientId }, data: { name: 'Webhook Shop' } });

    await page.goto(`${app.url}/admin/login`);
    await page.locator('input[name=username]').fill('ops@webhooks.test');
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('identity').waitFor();

    await page.goto(`${app.url}/admin/webhook-endpoints/create`);
    await page.locator('input[name=client_id]').fill('Webhook');
    await page.getByRole('option', { name: 'Webhook Shop' }).click();
    await page.locator('input[name=url]').fill(receiver.url);
    await page.getByRole('button', { name: 'Save' }).click();
    const secret = await page.getByTestId('webhook-secret').innerText();
    expect(secret).toMatch(/^whsec_/);
    expect(await page.getByTestId('webhook-static-key').innerText()).toMatch(/^whk_/);
    await shot('webhooks-secret');
    await page.getByTestId('webhook-secret-done').click();

    await page.getByTestId('webhook-test').click();
    const [req] = await receiver.waitFor(1);
    expect(JSON.parse(req.body).policy.id).toBe(0);
    const endpointUrl = page.url();
    expect(endpointUrl).toMatch(/\/admin\/webhook-endpoints\/[0-9a-f-]{36}\/show$/);
    expect(await page.content()).not.toContain(secret);

    // The delivery appears under the endpoint; open it and see the attempt.
    await page.reload();
    await page.locator('text=Delivered').first().waitFor();
    await page.goto(`${app.url}/admin/webhook-deliveries/${req.headers['webhook-id']}/show`);
    const attempts = page.getByTestId('delivery-attempts');
    await attempts.waitFor();
    expect(await attempts.innerText()).toContain('Delivered');
    expect(await attempts.innerText()).toContain('200');
    await shot('webhooks-delivery');

    await page.getByTestId('delivery-resend').click();
    await receiver.waitFor(2);
    expect(receiver.received[1].headers['webhook-id']).toBe(req.headers['webhook-id']);
    expect(errors).toEqual([]);
  });
});
