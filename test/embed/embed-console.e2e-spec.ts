import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startTestApp, TestApp } from '../support/test-app';
import { createStaff, PASSWORD } from '../admin/admin-kit';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from '../console/browser';

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

describeBrowser("the console panel of a client's embed sites and app links", () => {
  let app: TestApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let clientId: string;
  const emails: Record<string, string> = {};
  const errors: string[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    app = await startTestApp({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000' } });
    clientId = (await app.createClient(['motor-tpl-comparison'])).id;
    for (const role of ['operations', 'claims_handler'] as const) emails[role] = (await createStaff(app, role, `${role.replace('_', '.')}@embed.test`)).email;
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `embed-console-${name}.png`), fullPage: true });
  const rows = () => page.getByTestId('embed-target').allInnerTexts();

  async function signIn(role: string) {
    await context.clearCookies();
    await page.goto(`${app.url}/admin/login`);
    await page.locator('input[name=username]').fill(emails[role]);
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('identity').waitFor();
  }

  it("adds an origin (normalised) and an app link, refuses a path with the API's message, and removes one after confirming", async () => {
    await signIn('operations');
    await page.goto(`${app.url}/admin/clients/${clientId}/show`);
    await page.getByText('Nothing registered').waitFor();

    await page.getByTestId('embed-target-value').fill('https://shop.example.com/checkout');
    await page.getByTestId('embed-target-add').click();
    await page.getByText('must be scheme, host and port only').waitFor();

    await page.getByTestId('embed-target-value').fill('https://Shop.Example.com');
    await page.getByTestId('embed-target-add').click();
    await page.getByTestId('embed-target').first().waitFor();
    expect((await rows()).join('\n')).toContain('https://shop.example.com');

    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'App link' }).click();
    await page.getByTestId('embed-target-value').fill('acmeapp://insurance');
    await page.getByTestId('embed-target-add').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=embed-target]').length === 2);
    await shot('1-operations');

    await page.getByRole('button', { name: 'Remove acmeapp://insurance' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=embed-target]').length === 1);
    const stored = await app.db.prisma.embedAllowedTarget.findMany({ where: { clientId } });
    expect(stored.map((t) => [t.kind, t.value])).toEqual([['origin', 'https://shop.example.com']]);
    expect(await app.db.prisma.auditLogEntry.count({ where: { action: { startsWith: 'clients.embed_target' } } })).toBe(3);
  });

  it('shows the list without the form to a role that cannot update clients', async () => {
    await signIn('claims_handler');
    await page.goto(`${app.url}/admin/clients/${clientId}/show`);
    await page.getByTestId('embed-target').first().waitFor();
    expect(await page.getByTestId('embed-target-add').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    await shot('2-claims-handler');
    expect(errors).toEqual([]);
  });
});
