import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createStaff, PASSWORD } from '../admin/admin-kit';
import { createCompany } from '../medical/medical-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from './browser';

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

const CSV_HEADER = 'name,nationality_iso,nationality_id,iqama_id,date_of_birth,gender,email,mobile_number,category,is_married,relationship,employee_id';

describeBrowser('the SME medical console in a browser', () => {
  let env: MotorTestEnv;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let companyId: number;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    env = await startMotorEnv({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', TOKEN_TTL_SECONDS: '31536000' } });
    await createStaff(env.app, 'account_manager', 'am@medical.test');
    const token = (await env.app.partner(['sme-medical'])).token;
    companyId = (await createCompany(env.app, token, { commercial_registration_number: '7000000051' })).id;
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await env?.close();
  });

  it('imports a CSV after a preview of its errors, and explains why no payment link can be made', async () => {
    await page.goto(`${env.app.url}/admin/login`);
    await page.locator('input[name=username]').fill('am@medical.test');
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('identity').waitFor();
    await page.goto(`${env.app.url}/admin/medical-companies/${companyId}/show`);
    await page.getByTestId('import-employees').click();
    await page.getByTestId('import-csv').fill([CSV_HEADER, 'Khalid Al-Otaibi,SA,1012345678,,1405-03-10,male,,0512345678,gold,no,,'].join('\n'));
    await page.getByTestId('import-preview').click();
    await page.getByTestId('import-problems').getByText('Line 2, category', { exact: false }).waitFor();
    expect(await page.getByTestId('import-save').isDisabled()).toBe(true);
    await page.getByTestId('import-csv').fill([CSV_HEADER, 'Khalid Al-Otaibi,SA,1012345678,,1405-03-10,male,,0512345678,premium,no,,'].join('\n'));
    await page.getByTestId('import-preview').click();
    await page.getByTestId('import-ok').waitFor();
    await page.getByTestId('import-save').click();
    await page.getByTestId('employees').getByText('Khalid Al-Otaibi').waitFor();
    await page.getByTestId('employees').getByText('Missing').waitFor();
    expect(await env.app.db.prisma.medicalEmployee.count({ where: { companyId } })).toBe(1);

    await page.getByTestId('payment-link').click();
    await page.getByTestId('payment-link-reasons').getByText('Still to declare: Khalid Al-Otaibi', { exact: false }).waitFor();
    await page.getByTestId('payment-link-reasons').getByText('Nothing is owed', { exact: false }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'medical-company.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('opens a company from the list, as an account manager would, without an error page', async () => {
    await page.goto(`${env.app.url}/admin/medical-companies`);
    await page.getByText('7000000051').first().click();
    await page.getByTestId('employees').getByText('Khalid Al-Otaibi').waitFor();
    await page.getByTestId('payment-due').waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('exports the employee list as CSV, offers the template, and the export imports back as it is', async () => {
    await page.goto(`${env.app.url}/admin/medical-companies/${companyId}/show`);
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-employees').click()]);
    const csv = readFileSync((await exported.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(CSV_HEADER);
    expect(csv).toContain('Khalid Al-Otaibi,SA,1012345678,,1405-03-10,male,,0512345678,premium,no');
    await page.getByTestId('import-employees').click();
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-template').click()]);
    expect(readFileSync((await template.path())!, 'utf8').split('\r\n')[0]).toBe(CSV_HEADER);
    await page.getByTestId('import-csv').fill(csv);
    await page.getByTestId('import-preview').click();
    await page.getByTestId('import-ok').waitFor();
    expect(errors).toEqual([]);
  });
});
