import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { StaffRole } from '../../libs/common/src/permissions';
import { createStaff, PASSWORD } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { issueTplPolicy, requestQuote, withFaults } from '../support/motor-console-kit';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from './browser';

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

/** The motor views of the console in a real browser, on data made through the partner API and the sandbox insurers. */
describeBrowser("the console's motor views in a browser", () => {
  let env: MotorTestEnv;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let quote: any;
  let policy: any;
  const emails = {} as Record<StaffRole, string>;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    env = await startMotorEnv({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', TOKEN_TTL_SECONDS: '31536000' } });
    const partner = await env.app.partner(['motor-tpl-comparison']);
    await env.app.db.prisma.apiClient.update({ where: { id: partner.id }, data: { name: 'Gulf Motors Trading' } });
    quote = await withFaults(env, { dune: 'timeout', palm: 'error' }, () => requestQuote(env.app, partner.token));
    policy = await issueTplPolicy(env.app, partner.token, quote);
    for (const role of ['admin', 'account_manager', 'claims_handler'] as const)
      emails[role] = (await createStaff(env.app, role, `${role.replace('_', '.')}@motor-console.test`)).email;
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await env?.close();
  });

  const shot = async (name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0)); // a full-page shot taken scrolled draws the fixed bars mid-page
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };

  async function signIn(role: StaffRole) {
    await context.clearCookies();
    await page.goto(`${env.app.url}/admin/login`);
    await page.locator('input[name=username]').fill(emails[role]);
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('identity').waitFor();
  }

  async function menu(): Promise<string[]> {
    const items = page.locator('.RaMenu-open a, .RaMenu-closed a');
    await items.first().waitFor();
    return (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  }

  it('shows the motor menu entries by permission', async () => {
    await signIn('claims_handler');
    const handler = await menu();
    expect(handler).toContain('Motor policies');
    expect(handler).not.toContain('Quote requests');
    expect(await page.getByTestId('provider-health').count()).toBe(0);
    await signIn('admin');
    // the whole menu of each role is console.e2e-spec.ts's; here, the motor entries in their order
    expect((await menu()).filter((m) => ['Quote requests', 'Motor policies'].includes(m))).toEqual(['Quote requests', 'Motor policies']);
  });

  it('shows the provider-health panel on the dashboard', async () => {
    await page.goto(`${env.app.url}/admin`);
    await page.getByTestId('provider-health-table').waitFor();
    const dune = await page.getByTestId('health-dune').innerText();
    expect(dune).toMatch(/Dune/);
    expect(await page.getByTestId('rate-dune').innerText()).toBe('0.0%');
    expect(await page.getByTestId('rate-oryx').innerText()).toBe('100.0%');
    await page.waitForTimeout(400);
    await shot('motor-01-dashboard-provider-health');
    // on a phone each insurer is a block of its own, whole on the screen, never a table scrolled in its box
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.getByTestId('rate-dune').waitFor();
      expect(await page.getByTestId('provider-health-table').locator('table').count()).toBe(0);
      expect(await page.getByTestId('rate-oryx').innerText()).toBe('100.0%');
      for (const block of await page.locator('[data-testid^="health-"]').all()) {
        const box = (await block.boundingBox())!;
        expect(box.x >= 0 && box.x + box.width <= 390).toBe(true);
      }
      await shot('motor-01b-dashboard-provider-health-phone');
    } finally {
      await page.setViewportSize(desktop);
    }
  });

  it('lists quote requests and opens one: insurers with outcome and latency, offers grouped by cover', async () => {
    await page.goto(`${env.app.url}/admin/motor-quote-requests`);
    await page.getByText('Gulf Motors Trading').first().waitFor();
    await page.getByTestId('status-quoted').first().waitFor();
    await shot('motor-02-quote-requests');
    await page.getByText('Gulf Motors Trading').first().click();
    await page.waitForURL(`**/admin/motor-quote-requests/${quote.id}/show`);
    await page.getByTestId('insurer-summary').waitFor();
    const outcome = (code: string) => page.getByTestId(`summary-${code}`).getByTestId(`outcome-${code}`).innerText();
    expect(await outcome('dune')).toBe('Timed out');
    expect(await outcome('palm')).toBe('Error');
    expect(await outcome('oryx')).toBe('Answered');
    const dune = await page.getByTestId('summary-dune').innerText();
    const stored = await env.app.db.prisma.motorInsurerOutcome.findUniqueOrThrow({
      where: { quoteRequestId_insurerCode: { quoteRequestId: quote.id, insurerCode: 'dune' } },
    });
    expect(dune).toContain(new Intl.NumberFormat('en-GB').format(stored.latencyMs)); // the recorded latency, cut off near the kit's 10 s timeout
    expect(dune).toMatch(/No answer within 10000 ms/);
    expect(await page.getByTestId('summary-oryx').innerText()).toMatch(/SAR\s[\d,]+\.\d\d/);
    expect(await page.getByTestId('cover-oryx').count()).toBe(0); // folded
    await page.getByTestId('insurer-oryx').getByRole('button').first().click();
    await page.getByTestId('cover-oryx').first().waitFor();
    expect(await page.getByTestId('cover-oryx').count()).toBeGreaterThan(1);
    expect(await page.getByTestId('insurer-oryx').innerText()).toMatch(/Deductible[\s\S]*SAR/);
    await page.getByTestId('insurer-dune').getByRole('button').first().click();
    await page.getByText('No offers from this insurer.').waitFor();
    await page.waitForTimeout(400);
    await shot('motor-03-quote-request-show');
  });

  it('lists policies and opens one with its payment row', async () => {
    await page.goto(`${env.app.url}/admin/motor-policies`);
    await page.getByTestId('status-pending').first().waitFor();
    await page.getByRole('link', { name: String(quote.id), exact: true }).waitFor(); // the quote request reference resolved
    await shot('motor-04-policies');
    await page.goto(`${env.app.url}/admin/motor-policies/${policy.id}/show`);
    // the policy's payments, refunds, webhooks and history: the same part of every family's page
    await page.getByTestId('activity-payments').waitFor();
    expect(await page.getByTestId('activity-payments').innerText()).toMatch(/Pending/);
    await page.getByText(policy.offer.company_name).first().waitFor(); // the insurer's name, not its code
    expect(await page.getByTestId('motor-cover').innerText()).toMatch(/^(Comprehensive|Third-party liability) \(price comparison\)$/);
    const link = page.getByRole('link', { name: String(quote.id), exact: true });
    await link.waitFor();
    await shot('motor-05-policy-show');
    await link.click();
    await page.waitForURL(`**/admin/motor-quote-requests/${quote.id}/show`);
    await page.getByTestId('insurer-summary').waitFor();
    // and back: the request lists the policies issued from it
    await page.getByTestId('request-policies').getByText('Pending payment').waitFor();
    expect(await page.getByTestId('request-policies').innerText()).toContain(policy.offer.company_name);
    // the payment row opens the payment, which links back to the policy
    await page.goto(`${env.app.url}/admin/motor-policies/${policy.id}/show`);
    await page.getByTestId('activity-payments').getByRole('link').first().click();
    await page.waitForURL('**/admin/payments/*/show');
    await page.getByTestId('payment-policy-link').click();
    await page.waitForURL(`**/admin/motor-policies/${policy.id}/show`);
  });

  it('claims handlers see policies with the quote request as a plain id', async () => {
    await signIn('claims_handler');
    await page.goto(`${env.app.url}/admin/motor-policies/${policy.id}/show`);
    await page.getByTestId('activity-audit').waitFor();
    expect(await page.getByRole('link', { name: String(quote.id) }).count()).toBe(0);
    expect(await page.getByTestId('activity-payments').count()).toBe(0); // claims handlers have no business with billing
    await shot('motor-06-policy-show-claims-handler');
  });

  it("account managers see the insured's ids and IBAN masked", async () => {
    await signIn('account_manager');
    await page.goto(`${env.app.url}/admin/motor-policies/${policy.id}/show`);
    await page.getByText('SA03*****************519').waitFor();
    expect(await page.getByText('1012345678').count()).toBe(0);
    expect(await page.getByText('10******78').count()).toBe(2);
    await shot('motor-10-policy-show-account-manager');
  });

  it('speaks Arabic, right to left', async () => {
    await signIn('admin');
    await page.goto(`${env.app.url}/admin`);
    await page.getByTestId('provider-health-table').waitFor();
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByText('أداء شركات التأمين').waitFor();
    expect(await menu()).toEqual(expect.arrayContaining(['طلبات التسعير', 'وثائق المركبات']));
    await page.waitForTimeout(400);
    await shot('motor-07-dashboard-arabic');
    await page.goto(`${env.app.url}/admin/motor-quote-requests/${quote.id}/show`);
    await page.getByTestId('insurer-summary').waitFor();
    expect(await page.getByTestId('summary-dune').getByTestId('outcome-dune').innerText()).toBe('انتهت المهلة');
    await page.getByTestId('insurer-oryx').getByRole('button').first().click();
    await page.getByTestId('cover-oryx').first().waitFor();
    await page.waitForTimeout(400);
    await shot('motor-08-quote-request-show-arabic');
    await page.goto(`${env.app.url}/admin/motor-policies/${policy.id}/show`);
    await page.getByTestId('activity-payments').waitFor();
    await shot('motor-09-policy-show-arabic');
    expect(await page.getByTestId('motor-cover').innerText()).toMatch(/^(شامل|ضد الغير) \(مقارنة الأسعار\)$/);
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
