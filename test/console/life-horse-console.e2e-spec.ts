import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createStaff, PASSWORD } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { eventually, offerBody, payLink, policyBody } from '../life/life-kit';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from './browser';

const HORSE = {
  horse: {
    name: 'Desert Wind',
    breed: 'Arabian',
    date_of_birth: '2019-03-01',
    sex: 'male',
    use: 'racing',
    microchip_number: '682000000012345',
    value: 250000,
  },
  owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
  declaration: true,
};

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

describeBrowser('life and horse policies in the console', () => {
  let env: MotorTestEnv;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let lifeId: number;
  let horseId: number;
  let expiredHorseId: number;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    env = await startMotorEnv({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', TOKEN_TTL_SECONDS: '31536000' } });
    await createStaff(env.app, 'operations', 'operations@life.test');
    await createStaff(env.app, 'account_manager', 'manager@life.test');
    await createStaff(env.app, 'claims_handler', 'handler@life.test');
    const { token } = await env.app.partner(['life-snp', 'horse']);
    const offer = (await env.app.request('/api/v1/life-snp/offers', { token, json: offerBody() })).body[0];
    const life = (await env.app.request('/api/v1/life-snp/policies', { token, json: policyBody(offer.offer_id) })).body;
    const horse = (await env.app.request('/api/v1/horse/policies', { token, json: HORSE })).body;
    [lifeId, horseId] = [life.id, horse.id];
    await payLink(life.payment_link);
    await payLink(horse.payment_link);
    await eventually(
      async () =>
        (await env.app.db.prisma.lifePolicy.count({ where: { id: lifeId, status: 1 } })) &&
        (await env.app.db.prisma.horsePolicy.count({ where: { id: horseId, status: 1 } })),
    );
    // A horse policy issued on a test clock, paid, and expired by the scheduler when the clock passes its year.
    const clockId = (await env.app.request('/api/v1/sandbox/test-clocks', { token, json: { name: 'expired horse' } })).body.id;
    const onClock = await env.app.request('/api/v1/horse/policies', { token, json: HORSE, headers: { 'Sandbox-Test-Clock': clockId } });
    expiredHorseId = onClock.body.id;
    await payLink(onClock.body.payment_link);
    await eventually(async () => (await env.app.db.prisma.horsePolicy.count({ where: { id: expiredHorseId, status: 1 } })) === 1);
    const advanced = await env.app.request(`/api/v1/sandbox/test-clocks/${clockId}/advance`, { token, json: { seconds: 400 * 86_400 } });
    expect(advanced.status).toBe(200);
    expect((await env.app.db.prisma.horsePolicy.findUniqueOrThrow({ where: { id: expiredHorseId } })).status).toBe(4);
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

  it('shows policies to an account manager without the cancel action', async () => {
    await signIn('manager@life.test');
    await page.goto(`${env.app.url}/admin/life-policies`);
    await page.getByText('Summit Ridge Takaful').or(page.getByText('Lantern Mutual')).or(page.getByText('Palm Grove Takaful')).first().waitFor();
    await page.goto(`${env.app.url}/admin/life-policies/${lifeId}/show`);
    await page.getByTestId('policy-status').getByText('Active').waitFor();
    expect(await page.getByTestId('cancel-policy').count()).toBe(0);
  });

  it("lets a claims handler file a life claim, offered only life's claim types", async () => {
    await signIn('handler@life.test');
    await page.goto(`${env.app.url}/admin/claims/create`);
    await page.getByRole('combobox', { name: 'Product' }).click();
    await page.getByRole('option', { name: 'Life' }).click();
    await page.getByRole('combobox', { name: 'Type' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['Death', 'Critical illness', 'Disability', 'Total permanent disability']);
    await page.getByRole('option', { name: 'Critical illness' }).click();
    // the policy is picked from life's policies, found by its id
    await page.getByTestId('policy-picker').fill(String(lifeId));
    await page.getByTestId('policy-option').first().click();
    await page.getByLabel('Incident date').fill('2026-11-22');
    await page.getByLabel('Description').fill('Diagnosed this morning; the customer called in.');
    // more than the benefit: the API's 422 marks the field itself, in its own words
    await page.getByLabel('Requested').fill('999999');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.MuiFormHelperText-root.Mui-error', { hasText: 'The requested amount may not be greater than' }).waitFor();
    expect(await page.getByLabel('Requested').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: join(SCREENSHOTS, 'claim-create-life-invalid.png'), fullPage: true });
    await page.getByLabel('Requested').fill('25000');
    await page.screenshot({ path: join(SCREENSHOTS, 'claim-create-life.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/claims/*/show');
    await page.getByText('Critical illness').first().waitFor();
    const claim = await env.app.db.prisma.claim.findFirstOrThrow({ where: { productFamily: 'life', policyId: lifeId } });
    expect(claim).toMatchObject({ claimType: 'critical_illness', createdBy: 'handler@life.test', status: 'submitted' });
    expect(errors).toEqual([]);
  });

  it('lets operations cancel a life and a horse policy with a reason', async () => {
    await signIn('operations@life.test');
    for (const [resource, id] of [
      ['life-policies', lifeId],
      ['horse-policies', horseId],
    ] as const) {
      await page.goto(`${env.app.url}/admin/${resource}/${id}/show`);
      await page.getByTestId('cancel-policy').click();
      expect(await page.getByTestId('cancel-confirm').isDisabled()).toBe(true);
      await page.getByTestId('cancel-reason').fill('Customer asked by phone.');
      await page.getByTestId('cancel-confirm').click();
      await page.getByTestId('cancel-policy').waitFor({ state: 'detached' });
      await page.getByTestId('policy-status').getByText('Cancelled').waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, `${resource}-cancelled.png`), fullPage: true });
    }
    expect(await env.app.db.prisma.auditLogEntry.count({ where: { action: { in: ['life-policies.cancel', 'horse-policies.cancel'] } } })).toBe(2);
    expect(errors).toEqual([]);
  });

  it('offers Expired in the status filter, finds the expired policy with it and shows it as Expired, منتهية in Arabic', async () => {
    await signIn('operations@life.test');
    await page.goto(`${env.app.url}/admin/horse-policies`);
    await page.getByRole('cell', { name: String(horseId), exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(expect.arrayContaining(['Pending payment', 'Active', 'Cancelled', 'Expired']));
    await page.getByRole('option', { name: 'Expired' }).click();
    await page.getByRole('cell', { name: String(horseId), exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: String(expiredHorseId), exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'Expired', exact: true }).count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'horse-policies-expired.png'), fullPage: true });
    await page.goto(`${env.app.url}/admin/horse-policies/${expiredHorseId}/show`);
    await page.getByTestId('policy-status').getByText('Expired').waitFor();
    // Operations may cancel, but not a policy whose term has ended.
    expect(await page.getByTestId('cancel-policy').count()).toBe(0);
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('policy-status').getByText('منتهية').waitFor();
    expect(errors).toEqual([]);
  });
});
