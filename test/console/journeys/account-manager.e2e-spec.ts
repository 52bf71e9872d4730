import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createStaff, PASSWORD } from '../../admin/admin-kit';
import { createCompany, NO_ANSWERS, putEmployees, RESIDENT, SAUDI } from '../../medical/medical-kit';
import { MotorTestEnv, startMotorEnv } from '../../support/motor-kit';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from '../browser';

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

const CSV_HEADER = 'name,nationality_iso,nationality_id,iqama_id,date_of_birth,gender,email,mobile_number,category,is_married,relationship,employee_id';
const ARABIC_DIGIT = /[\u0660-\u0669]/;
const WESTERN_DIGIT = /[0-9]/;

/**
 * An account manager's morning, in Arabic: the dashboard says which companies miss declarations and what
 * is owed, then one company is put in order (an employee added, one corrected, declarations filled, the
 * list re-imported from CSV) and its payment link sent; the forms are downloaded. Data comes in through
 * the partner API as a partner would send it.
 */
describeBrowser('journey: an account manager in the Arabic console', () => {
  let env: MotorTestEnv;
  let token: string;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let companyId: number;
  const errors: string[] = [];
  // a dialog's opening transition finished (or was cut short): the picture shows what the person reads, not a fade
  const settled = () =>
    page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
  const shot = async (name: string) => (await settled(), page.screenshot({ path: join(SCREENSHOTS, `journey-manager-${name}.png`), fullPage: true }));
  const employees = () => env.app.db.prisma.medicalEmployee.findMany({ where: { companyId }, orderBy: { position: 'asc' } });
  const byName = async (name: string) => (await employees()).find((e) => e.name === name)!;
  const issuePolicy = async () => {
    const quote = (await env.app.request('/api/v1/medical/quote-requests', { token, json: { company_id: companyId } })).body;
    const policy = await env.app.request('/api/v1/medical/policies', {
      token,
      json: { quote_request_id: quote.id, quote_price_id: quote.quotes[0].quote_price_id },
    });
    if (policy.status !== 200 && policy.status !== 201) throw new Error(`policy: ${policy.status} ${policy.text}`);
  };

  beforeAll(async () => {
    ensureConsoleBuilt();
    env = await startMotorEnv({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', TOKEN_TTL_SECONDS: '31536000' } });
    await createStaff(env.app, 'account_manager', 'manager@journey.test');
    await createStaff(env.app, 'claims_handler', 'claims@journey.test');
    token = (await env.app.partner(['sme-medical'])).token;
    // the partner's company: two employees, only the resident declared, a policy awaiting payment
    companyId = (await createCompany(env.app, token, { commercial_registration_number: '7000000061' })).id;
    await putEmployees(env.app, token, companyId, [SAUDI, RESIDENT]);
    await env.app.request('/api/v1/medical/medical-forms/fill', {
      token,
      json: { company_id: companyId, ids_or_emails: [{ id_or_email: RESIDENT.iqama_id, answers: NO_ANSWERS }] },
    });
    await issuePolicy();
    // another company, fully declared and owing nothing: not in either figure
    const other = (await createCompany(env.app, token, { commercial_registration_number: '7000000062', name: 'Hijaz Foods', name_ar: 'أغذية الحجاز' })).id;
    await putEmployees(env.app, token, other, [RESIDENT]);
    await env.app.request('/api/v1/medical/medical-forms/fill', { token, json: { company_id: other, all_employees: NO_ANSWERS } });

    browser = await launchBrowser();
    context = browser.context;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.app.url });
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

  /** Answers every question of the open declaration dialog: "no", except exercise; no chronic condition. */
  async function declareAll(reason: string) {
    const dialog = page.getByRole('dialog');
    for (const [key, answer] of Object.entries(NO_ANSWERS)) {
      if (key === 'chronic_disease') continue;
      await dialog
        .getByTestId(`question-${key}`)
        .getByLabel(answer === 'yes' ? 'نعم' : 'لا', { exact: true })
        .check();
    }
    await dialog.getByTestId('question-chronic_disease').getByLabel('لا شيء مما سبق').check();
    await dialog.getByTestId('declaration-reason').fill(reason);
    await dialog.getByTestId('declaration-save').click();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('sees on the dashboard which companies miss declarations and what is due, and opens them', async () => {
    await signIn('manager@journey.test');
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const missing = page.getByTestId('stat-missing-declarations');
    await missing.getByText('منشآت بإقرارات ناقصة').waitFor();
    const due = await env.app.db.prisma.medicalPolicy.aggregate({ where: { companyId, status: 0, deletedAt: null }, _sum: { price: true } });
    const money = new Intl.NumberFormat('ar-SA-u-ca-gregory-nu-arab', { style: 'currency', currency: 'SAR', minimumFractionDigits: 2 }).format(
      Number(due._sum.price),
    );
    const amount = page.getByTestId('stat-amount-due');
    await amount.getByText(money).waitFor();
    expect(await missing.innerText()).toContain('١'); // one company, in Arabic digits
    expect(await missing.innerText()).toContain('الموظفون بانتظار الإقرار: ١');
    expect(await amount.innerText()).not.toMatch(WESTERN_DIGIT);
    await page.waitForTimeout(300); // the chart's first paint, for the picture only
    await shot('01-dashboard');

    await page.getByTestId('stat-missing-declarations-link').click();
    await page.getByText('شركة نجد التجارية').or(page.getByText('Najd Trading Co')).first().waitFor();
    expect(await page.getByText('Hijaz Foods').count()).toBe(0);
    await shot('02-companies-missing-declarations');
    await page.getByText('7000000061').first().click();
    await page.getByTestId('employees').getByText(SAUDI.name).waitFor();
    expect(await page.getByTestId('payment-due').innerText()).toBe(money);
    await shot('03-company');
    expect(errors).toEqual([]);
  });

  it('adds an employee (field errors first), corrects one and fills the declarations', async () => {
    await page.getByTestId('add-employee').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('employee-name').fill('Omar Saleh');
    await dialog.getByTestId('employee-nationality_iso').fill('JO');
    await dialog.getByTestId('employee-person_id').fill('1011122233');
    await dialog.getByTestId('employee-date_of_birth').fill('1988-09-01');
    await dialog.getByTestId('employee-mobile_number').fill('123');
    await dialog.getByTestId('employee-save').click();
    // each field the API named, marked in the form in Arabic
    await dialog.getByText('رقم الجوال ١٠ أرقام يبدأ بـ 05.').waitFor();
    await dialog.getByText('رقم الإقامة ١٠ أرقام يبدأ بالرقم 2.').waitFor();
    await dialog.getByText('السبب مطلوب.').waitFor();
    expect(await dialog.locator('.Mui-error input').evaluateAll((inputs) => inputs.map((i) => i.getAttribute('data-testid')).sort())).toEqual([
      'employee-mobile_number',
      'employee-person_id',
      'employee-reason',
    ]);
    expect(await employees()).toHaveLength(2);
    await shot('04-add-employee-errors');
    await dialog.getByTestId('employee-person_id').fill('2011122233');
    await dialog.getByTestId('employee-mobile_number').fill('0501112223');
    await dialog.getByTestId('employee-reason').fill('موظف جديد');
    await dialog.getByTestId('employee-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('employees').getByText('Omar Saleh').waitFor();
    expect((await byName('Omar Saleh')).personId).toBe('2011122233');

    // a correction: Amina moves to the premium tier; her declaration stays
    const amina = await byName(RESIDENT.name);
    await page.getByTestId(`edit-employee-${amina.id}`).click();
    await dialog.getByRole('combobox', { name: 'الفئة' }).click();
    await page.getByRole('option', { name: 'مميز' }).click();
    await dialog.getByTestId('employee-reason').fill('ترقية');
    await dialog.getByTestId('employee-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId(`employee-row-${amina.id}`).getByText('مميز').waitFor();
    expect((await byName(RESIDENT.name)).declaredAt).not.toBeNull();

    // the declarations still missing, filled as the employees gave them
    for (const name of [SAUDI.name, 'Omar Saleh']) {
      const e = await byName(name);
      await page.getByTestId(`declare-${e.id}`).click();
      await page.getByRole('dialog').getByTestId('question-smoking').waitFor();
      if (name === SAUDI.name) await shot('05-declaration');
      await declareAll('إقرار عبر الهاتف');
      await page.getByTestId(`employee-row-${e.id}`).getByText('مكتمل').waitFor();
    }
    expect((await employees()).every((e) => e.declaredAt !== null)).toBe(true);
    await shot('06-company-declared');
    expect(errors).toEqual([]);
  });

  it('previews a CSV line by line, then imports it', async () => {
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-employees').click()]);
    const csv = readFileSync((await exported.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(CSV_HEADER);
    expect(csv).toContain('Omar Saleh,JO,,2011122233,1988-09-01,male,,0501112223,basic,no');
    await page.getByTestId('import-employees').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('import-csv').fill(`${csv.trimEnd()}\r\nLina Saleh,JO,,2011122244,2001-02-30,female,,0501112224,gold,no,,\r\n`);
    await dialog.getByTestId('import-preview').click();
    const problems = dialog.getByTestId('import-problems');
    await problems.getByText('category', { exact: true }).waitFor();
    expect(await problems.innerText()).toContain('السطر ٧،');
    expect(await problems.innerText()).toContain('اختر الفئة: أساسي أو قياسي أو مميز أو تنفيذي.');
    expect(await dialog.getByTestId('import-save').isDisabled()).toBe(true);
    await shot('07-csv-preview-problems');
    await dialog.getByTestId('import-csv').fill(csv);
    await dialog.getByTestId('import-preview').click();
    await dialog.getByTestId('import-ok').waitFor();
    await dialog.getByTestId('import-save').click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await employees()).map((e) => [e.name, e.declaredAt !== null])).toEqual([
      [SAUDI.name, true],
      [RESIDENT.name, true],
      ['Omar Saleh', true],
    ]);
    expect(errors).toEqual([]);
  });

  it('is told in Arabic why no link can be made yet, then generates the payment link, copies it and downloads the forms', async () => {
    // the list changed since the partner's policy: the console says so in Arabic, with no API route in it
    await page.getByTestId('payment-link').click();
    const reasons = page.getByTestId('payment-link-reasons');
    await reasons.getByText('تغيّرت قائمة الموظفين', { exact: false }).waitFor();
    expect(await reasons.innerText()).not.toMatch(/POST|\/api\/|medical-forms/);
    await shot('08-payment-link-refused');
    await page.getByRole('dialog').getByRole('button', { name: 'إغلاق' }).click();

    // the partner quotes the new list and issues again
    await issuePolicy();
    await page.reload();
    await page.getByTestId('employees').getByText('Omar Saleh').waitFor();
    await page.getByTestId('payment-link').click();
    const url = page.getByTestId('payment-link-url');
    await url.waitFor();
    const link = await url.inputValue();
    expect(link).toMatch(/\/pay\//);
    const summary = await page.getByTestId('payment-link-summary').innerText();
    const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'medical', policyId: companyId, status: 'pending' } });
    const money = new Intl.NumberFormat('ar-SA-u-ca-gregory-nu-arab', { style: 'currency', currency: 'SAR', minimumFractionDigits: 2 }).format(
      Number(payment.amount),
    );
    expect(summary).toContain(money);
    expect(summary).toContain('ر.س');
    expect(summary).not.toMatch(WESTERN_DIGIT); // amount and expiry in Arabic digits, no raw ISO time
    expect(summary).toMatch(ARABIC_DIGIT);
    const expiry = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-arab', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' }).format(
      payment.expiresAt!,
    );
    expect(summary).toContain(expiry);
    await page.getByTestId('payment-link-copy').click();
    await page.getByText('نُسخ الرابط.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shot('09-payment-link');
    await page.getByRole('dialog').getByRole('button', { name: 'إغلاق' }).click();

    const [forms] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-forms').click()]);
    expect(forms.suggestedFilename()).toBe(`health-declarations-company-${companyId}.pdf`);
    expect(
      readFileSync((await forms.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // every change left its audit row with who and why
    const audit = await env.app.db.prisma.auditLogEntry.findMany({
      where: { resource: 'medical-companies', resourceId: String(companyId) },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((a) => a.action)).toEqual([
      'medical-companies.add_employee',
      'medical-companies.update_employee',
      'medical-companies.declare',
      'medical-companies.declare',
      'medical-companies.import_employees',
      'medical-companies.payment_link',
    ]);
    expect(audit.every((a) => a.staffEmail === 'manager@journey.test')).toBe(true);
    expect(audit.slice(0, 4).map((a) => (a.after as { reason?: string }).reason)).toEqual(['موظف جديد', 'ترقية', 'إقرار عبر الهاتف', 'إقرار عبر الهاتف']);

    // what the person sees at the end: Arabic words, amounts as money in Arabic digits
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByTestId('employees').getByText('Omar Saleh').waitFor();
    const body = await page.locator('main').innerText();
    expect(body).toContain('مكتمل');
    expect(body).not.toContain('Missing');
    expect(await page.getByTestId('payment-due').innerText()).toBe(money);
    await shot('10-company-end');
    expect(errors).toEqual([]);
  });

  it('shows a claims handler neither the companies nor any employee action, and the API refuses them', async () => {
    await signIn('claims@journey.test');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const menu = (await page.locator('.RaMenu-open a, .RaMenu-closed a').allInnerTexts()).map((t) => t.trim());
    expect(menu).not.toContain('المنشآت (طبي)');
    expect(await page.getByTestId('medical-work').count()).toBe(0);
    await page.goto(`${env.app.url}/admin/medical-companies/${companyId}/show`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('add-employee').count()).toBe(0);
    expect(await page.getByText('Omar Saleh').count()).toBe(0);
    const status = await page.evaluate(
      async ([id]) =>
        (
          await fetch(`/admin/api/medical-companies/${id}/employees`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
            body: JSON.stringify({ reason: 'x', name: 'X Y' }),
          })
        ).status,
      [companyId],
    );
    expect(status).toBe(403);
    expect(await employees()).toHaveLength(3);
    await shot('11-claims-handler');
  });
});
