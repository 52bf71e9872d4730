import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { CLAIM_DECISION_DAYS } from '../../../apps/api/src/policies/claims/claim-status';
import { createStaff, PASSWORD } from '../../admin/admin-kit';
import { eventually, offerBody, payLink, policyBody } from '../../life/life-kit';
import { MotorTestEnv, startMotorEnv } from '../../support/motor-kit';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from '../browser';

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;
const DAY = 86_400_000;

/**
 * A claims handler's morning, in a real browser, on data created through the partner API: the queue on the
 * dashboard, the unassigned claims oldest first with the overdue one marked, taking them in bulk, one claim
 * with its policy and customer beside it moved under review with a reason, and a new life claim filed from
 * the life policy's page with the policy picked, life's claim types and a field-level error first.
 */
describeBrowser('journey: a claims handler works the queue', () => {
  let env: MotorTestEnv;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let lifeId: number;
  let horseId: number;
  let handlerId: string;
  const claimIds: number[] = [];
  const errors: string[] = [];
  const db = () => env.app.db.prisma;
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `journey-claims-${name}.png`), fullPage: true });
  const today = () => env.app.clock.now().toISOString().slice(0, 10);

  async function fileClaim(path: string, fields: Record<string, string>): Promise<number> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await env.app.request(`${path}/claims`, { method: 'POST', token, body: form });
    if (res.status !== 201) throw new Error(`claim: ${res.status} ${res.text}`);
    return res.body.id;
  }

  beforeAll(async () => {
    ensureConsoleBuilt();
    env = await startMotorEnv({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', TOKEN_TTL_SECONDS: '31536000' } });
    handlerId = (await createStaff(env.app, 'claims_handler', 'handler@journey.test')).id;
    await createStaff(env.app, 'claims_handler', 'colleague@journey.test');
    await createStaff(env.app, 'operations', 'operations@journey.test');
    await createStaff(env.app, 'account_manager', 'manager@journey.test');
    token = (await env.app.partner(['life-snp', 'horse'])).token;
    const offer = (await env.app.request('/api/v1/life-snp/offers', { token, json: offerBody() })).body[0];
    const life = (await env.app.request('/api/v1/life-snp/policies', { token, json: policyBody(offer.offer_id) })).body;
    const horse = (
      await env.app.request('/api/v1/horse/policies', {
        token,
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
          owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
          declaration: true,
        },
      })
    ).body;
    [lifeId, horseId] = [life.id, horse.id];
    await payLink(life.payment_link);
    await payLink(horse.payment_link);
    await eventually(
      async () => (await db().lifePolicy.count({ where: { id: lifeId, status: 1 } })) && (await db().horsePolicy.count({ where: { id: horseId, status: 1 } })),
    );
    // one claim submitted long ago (past the decision deadline), two this morning
    env.app.clock.advance(DAY);
    claimIds.push(
      await fileClaim(`/api/v1/horse/policies/${horseId}`, {
        claim_type: 'vet_fees',
        incident_date: today(),
        description: 'Colic surgery at the equine hospital.',
        requested_amount: '12000',
      }),
    );
    env.app.clock.advance((CLAIM_DECISION_DAYS + 1) * DAY);
    claimIds.push(
      await fileClaim(`/api/v1/life-snp/policies/${lifeId}`, {
        claim_type: 'disability',
        incident_date: today(),
        description: 'Injury at work, cannot return.',
        requested_amount: '40000',
      }),
    );
    claimIds.push(
      await fileClaim(`/api/v1/horse/policies/${horseId}`, {
        claim_type: 'theft',
        incident_date: today(),
        description: 'Horse taken from the stable at night.',
        requested_amount: '250000',
      }),
    );
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  }, 240_000);
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

  it('signs in and sees the claims queue on the dashboard', async () => {
    await signIn('handler@journey.test');
    const panel = page.getByTestId('claims-queue-panel');
    await panel.getByText('Claims queue').waitFor();
    await panel.getByTestId('queue-unassigned-count').getByText('3 not taken').waitFor();
    await panel.getByTestId('queue-overdue-count').getByText('1 overdue').waitFor();
    // oldest first: the overdue horse claim heads the queue, with its customer's name
    await panel.getByTestId('queue-row').first().getByText('Faisal Alharbi').waitFor();
    expect(await panel.getByTestId('queue-row').count()).toBe(3);
    expect(await panel.getByTestId('queue-row').first().getByTestId('claim-overdue').count()).toBe(1);
    await shot('01-dashboard');
  });

  it('filters the unassigned claims, oldest first, and takes them in bulk', async () => {
    await page.getByTestId('queue-open').click();
    await page.waitForURL('**/admin/claims?**');
    await page.getByTestId('claim-customer').first().waitFor();
    // the filter the dashboard opened is the list's own "Unassigned" switch
    expect(await page.getByLabel('Unassigned').isChecked()).toBe(true);
    const rows = page.locator('tbody tr');
    await eventually(async () => (await rows.count()) === 3);
    expect(await rows.locator('td:nth-child(2)').allInnerTexts()).toEqual(claimIds.map(String));
    expect(await rows.nth(0).getByTestId('claim-overdue').innerText()).toBe('Overdue');
    expect(await rows.nth(1).getByTestId('claim-overdue').count()).toBe(0);
    // the life policy records no holder name: its applicant's id stands for the customer
    expect(await page.getByTestId('claim-customer').allInnerTexts()).toEqual(['Faisal Alharbi', '1012345678', 'Faisal Alharbi']);
    await shot('02-queue-unassigned');
    await page.locator('thead input[type=checkbox]').check();
    await page.getByTestId('claims-bulk-take').click();
    await page.getByText('3 claims assigned').waitFor();
    // taken claims leave the unassigned queue
    await page.getByText('No Claims found using the current filters.').waitFor();
    const taken = await db().claim.findMany({ where: { id: { in: claimIds } } });
    expect(taken.map((c) => c.assigneeStaffId)).toEqual([handlerId, handlerId, handlerId]);
    const audit = await db().auditLogEntry.findMany({ where: { action: 'claims.assign' }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.resourceId, a.staffEmail])).toEqual(claimIds.map((id) => [String(id), 'handler@journey.test']));
    await shot('03-queue-taken');
    // "My claims" now shows the three, each handled by "Me"
    await page.goto(`${env.app.url}/admin/claims?filter=${encodeURIComponent(JSON.stringify({ assignee_staff_id: handlerId }))}&sort=created_at&order=ASC`);
    await eventually(async () => (await page.getByTestId('claim-assignee').allInnerTexts()).join() === 'Me,Me,Me');
  });

  it('opens the oldest claim, sees its policy and customer beside it, and starts its review in one click', async () => {
    await page.goto(`${env.app.url}/admin/claims/${claimIds[0]}/show`);
    const panel = page.getByTestId('claim-policy-panel');
    await panel.getByTestId('claim-holder-name').getByText('Faisal Alharbi').waitFor();
    expect(await panel.getByTestId('claim-holder-id').innerText()).toBe('1012345678');
    expect(await panel.getByTestId('claim-policy-status').innerText()).toBe('Active');
    expect(await panel.getByTestId('claim-policy-number').innerText()).toMatch(/\S/);
    expect(await panel.getByTestId('claim-policy-cover').innerText()).toMatch(/^\d{1,2} \w{3,4} \d{4} – \d{1,2} \w{3,4} \d{4}$/);
    expect(await panel.getByTestId('claim-policy-open').getAttribute('href')).toMatch(new RegExp(`/horse-policies/${horseId}/show$`));
    expect(await page.getByTestId('claim-overdue').innerText()).toBe('Overdue');
    await page.getByTestId('claim-assignee').getByText('Me').waitFor();
    await shot('04-claim-with-policy');
    // starting a review is the handler's next step, not a decision: one click, nothing to type
    expect(await page.getByTestId('claim-to-under_review').innerText()).toBe('Start review');
    await page.getByTestId('claim-to-under_review').click();
    await page.getByTestId('claim-to-approved').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await shot('05-review-started');
    const moved = await db().claim.findUniqueOrThrow({ where: { id: claimIds[0] } });
    expect(moved.status).toBe('under_review');
    const history = await db().claimStatusChange.findMany({ where: { claimId: claimIds[0] }, orderBy: { id: 'asc' } });
    expect(history.at(-1)).toMatchObject({ toStatus: 'under_review', note: null, actor: 'handler@journey.test' });
    expect(await db().auditLogEntry.count({ where: { action: 'claims.transition', resourceId: String(claimIds[0]) } })).toBe(1);
  });

  it('hands a claim to a colleague, saying why', async () => {
    const colleague = await db().staffUser.findUniqueOrThrow({ where: { email: 'colleague@journey.test' } });
    await page.goto(`${env.app.url}/admin/claims/${claimIds[2]}/show`);
    await page.getByTestId('claim-assignee').getByText('Me').waitFor();
    await page.getByTestId('claim-assign-colleague').click();
    await page.getByRole('combobox', { name: 'Colleague' }).click();
    await page.getByRole('option', { name: /colleague@journey\.test/ }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    // only colleagues are offered: taking a claim oneself is "Take"
    expect(await page.getByRole('combobox', { name: 'Colleague' }).innerText()).toContain('colleague@journey.test');
    await page.getByLabel('Why (kept in the audit log)').fill('Theft claims go to the fraud desk.');
    await page.locator('label.MuiInputLabel-shrink', { hasText: 'Why (kept in the audit log)' }).waitFor();
    await shot('08-assign-colleague');
    await page.getByTestId('claim-assign-confirm').click();
    await page.getByText('Claim assigned').waitFor();
    await page.getByTestId('claim-assignee').getByText('Test claims_handler').waitFor();
    expect((await db().claim.findUniqueOrThrow({ where: { id: claimIds[2] } })).assigneeStaffId).toBe(colleague.id);
    const audit = await db().auditLogEntry.findFirstOrThrow({ where: { action: 'claims.assign', resourceId: String(claimIds[2]) }, orderBy: { id: 'desc' } });
    expect(audit).toMatchObject({
      staffEmail: 'handler@journey.test',
      after: { assignee_staff_id: colleague.id, reason: 'Theft claims go to the fraud desk.', bulk: true },
    });
    // no longer the handler's: offered to take back
    await page.getByTestId('claim-assign').getByText('Take').waitFor();
  });

  it("files a life claim from the life policy's page: the policy picked, life's claim types, a field-level error first", async () => {
    await page.goto(`${env.app.url}/admin/life-policies/${lifeId}/show`);
    await page.getByTestId('file-claim').click();
    await page.waitForURL('**/admin/claims/create**');
    await page.getByTestId('policy-picked').waitFor();
    expect(await page.getByTestId('policy-picker').inputValue()).toMatch(new RegExp(`^#${lifeId}\\b`));
    expect(await page.getByRole('combobox', { name: 'Product' }).innerText()).toBe('Life');
    await page.getByRole('combobox', { name: 'Type' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['Death', 'Critical illness', 'Disability', 'Total permanent disability']);
    await page.getByRole('option', { name: 'Critical illness' }).click();
    await page.getByLabel('Incident date').fill(today());
    await page.getByLabel('Description').fill('Diagnosed this morning; the customer called in.');
    // more than the benefit: the API's 422 marks the field itself, in its own words
    await page.getByLabel('Requested').fill('999999');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.MuiFormHelperText-root.Mui-error', { hasText: 'The requested amount may not be greater than' }).waitFor();
    expect(await page.getByLabel('Requested').getAttribute('aria-invalid')).toBe('true');
    expect(await db().claim.count({ where: { productFamily: 'life', claimType: 'critical_illness' } })).toBe(0);
    await shot('06-file-claim-error');
    await page.getByLabel('Requested').fill('25000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/claims/*/show');
    // what the handler sees: the new claim, submitted, for the life policy's holder, on that policy
    await page.getByTestId('claim-policy-panel').waitFor();
    await page.getByText('Critical illness').first().waitFor();
    expect(await page.getByTestId('claim-policy-open').getAttribute('href')).toMatch(new RegExp(`/life-policies/${lifeId}/show$`));
    expect(await page.getByTestId('claim-holder-id').innerText()).toBe('1012345678');
    await page.getByText('Submitted').first().waitFor();
    await shot('07-filed-claim');
    const filed = await db().claim.findFirstOrThrow({ where: { productFamily: 'life', claimType: 'critical_illness' } });
    expect(filed).toMatchObject({ policyId: lifeId, createdBy: 'handler@journey.test', status: 'submitted' });
    expect(await db().auditLogEntry.count({ where: { action: 'claims.create', resourceId: String(filed.id) } })).toBe(1);
    expect(errors).toEqual([]);
  });

  it('works the same queue in Arabic, right to left', async () => {
    await page.goto(`${env.app.url}/admin`);
    await page.getByTestId('claims-queue-panel').waitFor();
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('claims-queue-panel').getByText('قائمة المطالبات').waitFor();
    await shot('10-dashboard-arabic');
    await page.goto(`${env.app.url}/admin/claims?filter=${encodeURIComponent(JSON.stringify({ overdue: true }))}`);
    await page.getByTestId('claim-overdue').getByText('متأخرة').waitFor();
    await shot('11-queue-overdue-arabic');
    await page.goto(`${env.app.url}/admin/claims/${claimIds[0]}/show`);
    await page.getByTestId('claim-policy-panel').getByText('حامل الوثيقة').waitFor();
    expect(await page.getByTestId('claim-policy-status').innerText()).toBe('سارية');
    await shot('12-claim-arabic');
    await page.getByRole('button', { name: /العربية/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  });

  it('works a claim to paid in five clicks and one reason, rejects one straight from the queue, and the dashboard card and queue agree', async () => {
    await page.goto(`${env.app.url}/admin/claims/${claimIds[0]}/show`);
    // approving the whole amount asks no reason
    await page.getByTestId('claim-to-approved').click();
    expect(await page.getByTestId('claim-confirm').isDisabled()).toBe(false);
    // approving less than asked does
    await page.getByTestId('claim-approved-amount').fill('9000');
    expect(await page.getByTestId('claim-confirm').isDisabled()).toBe(true);
    await page.getByTestId('claim-approved-amount').fill('');
    await page.getByTestId('claim-confirm').click();
    await page.getByTestId('claim-to-paid').click();
    expect(await page.getByTestId('claim-confirm').isDisabled()).toBe(true);
    await page.getByTestId('claim-note').fill('Paid to the owner by bank transfer.');
    await shot('15-pay-with-reason');
    await page.getByTestId('claim-confirm').click();
    await page.locator('td', { hasText: 'Paid to the owner by bank transfer.' }).waitFor();
    expect((await db().claim.findUniqueOrThrow({ where: { id: claimIds[0] } })).status).toBe('paid');

    // the life claim given back to the queue, then rejected by a handler who never took it
    await page.goto(`${env.app.url}/admin/claims/${claimIds[1]}/show`);
    await page.getByTestId('claim-assign').getByText('Unassign').click();
    await page.getByTestId('claim-assign').getByText('Take and start review').waitFor();
    await page.getByTestId('claim-to-rejected').click();
    await page.getByTestId('claim-note').fill('Injury outside the policy terms.');
    await page.getByTestId('claim-confirm').click();
    await page.locator('td', { hasText: 'Injury outside the policy terms.' }).waitFor();
    // the theft claim the colleague holds: taken back and under review in one click
    await page.goto(`${env.app.url}/admin/claims/${claimIds[2]}/show`);
    await page.getByTestId('claim-assign').getByText('Take and start review').click();
    await page.getByTestId('claim-assign').getByText('Unassign').waitFor();
    expect(await db().claim.findUniqueOrThrow({ where: { id: claimIds[2] } })).toMatchObject({ status: 'under_review', assigneeStaffId: handlerId });

    // left to decide: the theft claim (taken) and the critical illness claim filed in the console (nobody's yet);
    // the card, the panel and the queue list say the same, and neither closed claim is in them
    await page.goto(`${env.app.url}/admin`);
    await page.getByTestId('stat-claims-value').getByText('2').waitFor();
    const panel = page.getByTestId('claims-queue-panel');
    await panel.getByTestId('queue-unassigned-count').getByText('1 not taken').waitFor();
    expect(await page.getByTestId('stat-claims').innerText()).toContain('1 not taken');
    await eventually(async () => (await panel.getByTestId('queue-row').count()) === 1);
    const filed = await db().claim.findFirstOrThrow({ where: { claimType: 'critical_illness' } });
    expect(await panel.getByTestId('queue-row').locator('a').innerText()).toBe(`#${filed.id}`);
    await shot('16-dashboard-after-closing');
    // the hint and the card's link read as two lines, never one run of words
    expect(await page.getByTestId('stat-claims').innerText()).toMatch(/1 not taken\s*\n\s*Open the list/);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.screenshot({ path: '/tmp/console-shots/dashboard-en-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/console-shots/dashboard-en-390.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 860 });
    // the card opens the list it counts: the two claims still to decide
    await page.getByTestId('stat-claims-link').click();
    await page.waitForURL('**/admin/claims?**');
    await eventually(async () => (await page.locator('tbody tr').count()) === 2);
    expect((await page.locator('tbody tr td:nth-child(2)').allInnerTexts()).sort()).toEqual([String(claimIds[2]), String(filed.id)].sort());
    await page.goto(`${env.app.url}/admin`);
    // the dashboard has loaded its figures: a click while they arrive can land where the button was a moment before
    await page.getByTestId('stat-claims-value').getByText('2').waitFor();
    await panel.getByTestId('queue-unassigned-count').getByText('1 not taken').waitFor();
    await panel.getByTestId('queue-open').click();
    await page.waitForURL('**/admin/claims?**');
    await eventually(async () => (await page.locator('tbody tr').count()) === 1);
    expect(await page.locator('tbody tr td:nth-child(2)').allInnerTexts()).toEqual([String(filed.id)]);
  });

  it('shows other roles only what they may do: operations file claims but neither take nor move them, account managers neither', async () => {
    await signIn('operations@journey.test');
    expect(await page.getByTestId('claims-queue-panel').count()).toBe(0);
    await page.goto(`${env.app.url}/admin/claims?filter=${encodeURIComponent('{}')}`);
    await page.getByTestId('claim-customer').first().waitFor();
    expect(await page.locator('thead input[type=checkbox]').count()).toBe(0);
    await page.goto(`${env.app.url}/admin/claims/${claimIds[1]}/show`);
    await page.getByTestId('claim-policy-panel').waitFor();
    for (const id of ['claim-assign', 'claim-assign-colleague', 'claim-to-under_review', 'claim-to-rejected'])
      expect([id, await page.getByTestId(id).count()]).toEqual([id, 0]);
    await shot('13-claim-operations');
    await page.goto(`${env.app.url}/admin/life-policies/${lifeId}/show`);
    await page.getByTestId('file-claim').waitFor();

    await signIn('manager@journey.test');
    await page.goto(`${env.app.url}/admin/life-policies/${lifeId}/show`);
    await page.getByTestId('policy-status').waitFor();
    expect(await page.getByTestId('file-claim').count()).toBe(0);
    await shot('14-life-policy-account-manager');
    expect(errors).toEqual([]);
  });
});
