import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createStaff, PASSWORD } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { activateAsPaid, policyBody } from '../support/property-kit';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from './browser';

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

describeBrowser('the property console in a browser', () => {
  let env: MotorTestEnv;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let policyId: number;
  let expiredId: number;
  let claimId: number;
  let handlerId: string;
  let clientName: string;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    env = await startMotorEnv({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', TOKEN_TTL_SECONDS: '31536000' } });
    await createStaff(env.app, 'operations', 'operations@property.test');
    handlerId = (await createStaff(env.app, 'claims_handler', 'claims.handler@property.test')).id;
    const partner = await env.app.partner(['property-comparison']);
    const token = partner.token;
    clientName = (await env.app.db.prisma.apiClient.findUniqueOrThrow({ where: { id: partner.id } })).name;
    policyId = (await env.app.request('/api/v1/property/policies', { token, json: policyBody() })).body.id;
    await activateAsPaid(env.app, policyId);
    // Another policy, paid on a sandbox test clock and expired by the scheduler when the clock passes its end.
    const clockId = (await env.app.request('/api/v1/sandbox/test-clocks', { token, json: { name: 'expired home' } })).body.id;
    const onClock = await env.app.request('/api/v1/property/policies', { token, json: policyBody(), headers: { 'Sandbox-Test-Clock': clockId } });
    expiredId = onClock.body.id;
    const paid = await env.app.request('/api/v1/sandbox/payments/pay', { token, json: { payment_link: onClock.body.payment_link } });
    expect(paid.body).toMatchObject({ outcome: 'paid' });
    expect((await env.app.request(`/api/v1/sandbox/test-clocks/${clockId}/advance`, { token, json: { seconds: 400 * 86_400 } })).status).toBe(200);
    expect((await env.app.db.prisma.propertyPolicy.findUniqueOrThrow({ where: { id: expiredId } })).status).toBe(4);
    env.app.clock.set('2026-12-10T08:00:00.000Z');
    const form = new FormData();
    for (const [k, v] of Object.entries({
      claim_type: 'theft',
      incident_date: '2026-12-09',
      description: 'Bicycle stolen from the yard.',
      requested_amount: '1800',
    }))
      form.append(k, v);
    claimId = (await env.app.request(`/api/v1/property/policies/${policyId}/claims`, { method: 'POST', token, body: form })).body.id;
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await env?.close();
  });

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  async function signIn(email: string) {
    await context.clearCookies();
    await page.goto(`${env.app.url}/admin/login`);
    await page.locator('input[name=username]').fill(email);
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('identity').waitFor();
  }

  it('lets a claims handler move a claim through review', async () => {
    await signIn('claims.handler@property.test');
    await page.goto(`${env.app.url}/admin/claims`);
    await page
      .getByText('Bicycle stolen', { exact: false })
      .or(page.locator('td', { hasText: 'theft' }))
      .first()
      .waitFor();
    await page.goto(`${env.app.url}/admin/claims/${claimId}/show`);
    await page.getByText('Bicycle stolen from the yard.').waitFor();
    expect(await page.getByTestId('claim-to-approved').count()).toBe(0);
    // who opened it, in words; the client by name, linked to its page
    expect(await page.getByTestId('claim-created-by').innerText()).toBe('The client, through the API');
    expect(await page.getByTestId('client-name').innerText()).toBe(clientName);
    // taking it starts its review: one click, no reason to type
    await page.getByTestId('claim-assign').getByText('Take and start review').click();
    await page.getByText('Unassign').waitFor();
    await page.getByTestId('claim-to-approved').waitFor();
    await shot('property-claim-under-review');
    const claim = await env.app.db.prisma.claim.findUniqueOrThrow({ where: { id: claimId } });
    expect(claim.status).toBe('under_review');
    expect(claim.assigneeStaffId).toBe(handlerId);
    // the inbox: "My claims" finds it, with who handles it, how long it waits, and its policy linked
    await page.goto(`${env.app.url}/admin/claims?filter=${encodeURIComponent(JSON.stringify({ assignee_staff_id: handlerId }))}`);
    await page.getByTestId('claim-assignee').getByText('Me').waitFor();
    await page.getByTestId('claim-age').first().waitFor();
    expect(await page.getByTestId('claim-policy-link').first().getAttribute('href')).toMatch(new RegExp(`/property-policies/${policyId}/show$`));
    await shot('property-claims-inbox-mine');
    // the policy view has no cancel button for a claims handler
    await page.goto(`${env.app.url}/admin/property-policies/${policyId}/show`);
    await page.getByTestId('check-status').waitFor();
    expect(await page.getByTestId('cancel-policy').count()).toBe(0);
  });

  it('lets operations check the status with the insurer and cancel with a reason', async () => {
    await signIn('operations@property.test');
    await page.goto(`${env.app.url}/admin/property-policies`);
    await page.getByText('Sara Ahmed').first().waitFor();
    await page.goto(`${env.app.url}/admin/property-policies/${policyId}/show`);
    await page.getByText('Sara Ahmed', { exact: false }).first().waitFor();
    // the client by its name, never its id
    expect(await page.getByTestId('client-name').innerText()).toBe(clientName);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.screenshot({ path: '/tmp/console-shots/property-policy-en-1280.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.getByTestId('check-status').click();
    // the answer stays on the page, with when it was asked
    await page.getByTestId('insurer-status').getByText('The insurer says: active').waitFor();
    await page.getByTestId('cancel-policy').click();
    expect(await page.getByTestId('cancel-confirm').isDisabled()).toBe(true);
    await page.getByTestId('cancel-reason').fill('Customer sold the house.');
    await page.getByTestId('cancel-confirm').click();
    // the page refreshes: the cancel button goes and the cancellation section shows the reason
    await page.getByTestId('cancel-policy').waitFor({ state: 'detached' });
    await page.getByText('Cancelled by').waitFor();
    await page.getByTestId('activity-audit').getByText('Customer sold the house.').waitFor();
    expect(await page.getByText('Customer sold the house.').count()).toBe(2); // the cancellation section and the history
    await shot('property-policy-cancelled');
    const row = await env.app.db.prisma.propertyPolicy.findUniqueOrThrow({ where: { id: policyId } });
    expect(row.status).toBe(2);
    expect(row.canceledBy).toBe('operations@property.test');

    // in Arabic: the same page with its dates in Arabic digits, Riyadh time, and the client's name
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('client-name').getByText(clientName).waitFor();
    // when it was cancelled, in the policy's history
    const created = await page.getByTestId('activity-audit').locator('td').last().innerText();
    expect(created).toMatch(/[٠-٩]/);
    expect(created).not.toMatch(/[0-9]/);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.screenshot({ path: '/tmp/console-shots/property-policy-ar-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/console-shots/property-policy-ar-390.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.getByRole('button', { name: /العربية/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    expect(errors).toEqual([]);
  });

  it('finds an expired policy with the Expired filter, shows its chip in both languages and offers no cancel', async () => {
    await signIn('operations@property.test');
    // the status filter sits behind *Add filter* here: opened from the URL, as a link to the list would
    await page.goto(`${env.app.url}/admin/property-policies?filter=${encodeURIComponent('{"status":4}')}`);
    await page.getByRole('cell', { name: String(expiredId), exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: String(policyId), exact: true }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Status' }).innerText()).toBe('Expired');
    await page.getByRole('combobox', { name: 'Status' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(expect.arrayContaining(['Pending payment', 'Active', 'Cancelled', 'Expired']));
    await page.keyboard.press('Escape');
    expect(await page.locator('.MuiChip-root', { hasText: 'Expired' }).count()).toBe(1);
    await shot('property-policies-expired');
    await page.goto(`${env.app.url}/admin/property-policies/${expiredId}/show`);
    await page.locator('.MuiChip-root', { hasText: 'Expired' }).waitFor();
    await page.getByTestId('check-status').waitFor();
    // the API refuses to cancel an expired policy (409), so the console does not offer it
    expect(await page.getByTestId('cancel-policy').count()).toBe(0);
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.locator('.MuiChip-root', { hasText: 'منتهية' }).waitFor();
    await page.getByRole('button', { name: /العربية/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    expect(errors).toEqual([]);
  });
});
