import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { STAFF_ROLES, StaffRole } from '../../libs/common/src/permissions';
import { startTestApp, TestApp } from '../support/test-app';
import { createStaff, PASSWORD } from '../admin/admin-kit';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS } from './browser';

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

const MENUS: Record<StaffRole, string[]> = {
  admin: [
    'Dashboard',
    'Search',
    'API clients',
    'Portal users',
    'Quote requests',
    'Motor policies',
    'Property policies',
    'TPL policies',
    'Life policies',
    'Horse policies',
    'Travel policies',
    'Medical companies',
    'Medical policies',
    'Claims',
    'Payments',
    'Refunds',
    'Renewals due',
    'Scheduled events',
    'Webhooks',
    'Deliveries',
    'Staff',
    'Audit log',
  ],
  operations: [
    'Dashboard',
    'Search',
    'API clients',
    'Portal users',
    'Quote requests',
    'Motor policies',
    'Property policies',
    'TPL policies',
    'Life policies',
    'Horse policies',
    'Travel policies',
    'Medical companies',
    'Medical policies',
    'Claims',
    'Payments',
    'Refunds',
    'Renewals due',
    'Scheduled events',
    'Webhooks',
    'Deliveries',
  ],
  account_manager: [
    'Dashboard',
    'Search',
    'API clients',
    'Portal users',
    'Quote requests',
    'Motor policies',
    'Property policies',
    'TPL policies',
    'Life policies',
    'Horse policies',
    'Travel policies',
    'Medical companies',
    'Medical policies',
    'Payments',
    'Refunds',
    'Webhooks',
    'Deliveries',
  ],
  claims_handler: [
    'Dashboard',
    'Search',
    'API clients',
    'Motor policies',
    'Property policies',
    'TPL policies',
    'Life policies',
    'Horse policies',
    'Travel policies',
    'Medical policies',
    'Claims',
  ],
};

describeBrowser('the console in a browser', () => {
  let app: TestApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  const emails = {} as Record<StaffRole, string>;
  const errors: string[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    app = await startTestApp({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000' } });
    for (const role of STAFF_ROLES) emails[role] = (await createStaff(app, role, `${role.replace('_', '.')}@console.test`)).email;
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => process.env.CONSOLE_DEBUG && process.stderr.write(`[browser ${m.type()}] ${m.text()}\n`));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  async function signIn(role: StaffRole) {
    await context.clearCookies();
    await page.goto(`${app.url}/admin/login`);
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

  async function token(id: string, secret: string) {
    return (await app.request('/oauth/token', { json: { grant_type: 'client_credentials', client_id: id, client_secret: secret } })).status;
  }

  it('serves the console at /admin with SPA fallback for client routes', async () => {
    const bare = await fetch(`${app.url}/admin`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([308, '/admin/']);
    const index = await app.request('/admin/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('text/html');
    expect(index.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const deep = await app.request('/admin/clients/123/show');
    expect(deep.text).toBe(index.text);
    const asset = /src="\/admin\/(assets\/[^"]+\.js)"/.exec(index.text)![1];
    const js = await app.request(`/admin/${asset}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await app.request('/admin/assets/missing.js')).status).toBe(404);
  });

  it('signs in each role and shows the menu of that role', async () => {
    await page.goto(`${app.url}/admin`);
    await page.locator('input[name=username]').waitFor();
    await shot('01-login');
    for (const role of STAFF_ROLES) {
      await signIn(role);
      expect([role, await menu()]).toEqual([role, MENUS[role]]);
      if (role === 'admin') {
        await page.getByTestId('stat-clients').waitFor();
        await page.waitForTimeout(400);
        await shot('02-dashboard-admin');
      }
      if (role === 'claims_handler') {
        // the claims handler's work is on the dashboard too
        await page.getByTestId('stat-claims').getByText('Claims to decide').waitFor();
        await shot('02-dashboard-claims-handler');
      }
    }
  });

  it('refuses a wrong password on the login page', async () => {
    await context.clearCookies();
    await page.goto(`${app.url}/admin/login`);
    await page.locator('input[name=username]').fill(emails.operations);
    await page.locator('input[name=password]').fill('wrong password');
    await page.locator('button[type=submit]').click();
    await page.getByText('Wrong email or password.').waitFor();
  });

  it('creates a client and shows its secret once; rotating shows a new one and the old stops working', async () => {
    await signIn('operations');
    await page.goto(`${app.url}/admin/clients/create`);
    await page.locator('input[name=name]').fill('Gulf Motors Trading');
    await page.getByLabel('TPL Motor').check();
    await page.getByLabel('Property', { exact: true }).check();
    await page.locator('input[name=contact_name]').fill('Sara Al-Qahtani');
    await page.locator('input[name=contact_email]').fill('sara@gulfmotors.sa');
    await page.locator('input[name=contact_phone]').fill('0551234567');
    await shot('03-client-create');
    await page.getByRole('button', { name: 'Save' }).click();

    const secret = await page.getByTestId('client-secret').innerText();
    const id = await page.getByTestId('client-id').innerText();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.waitForTimeout(500); // the dialog's fade-in
    await page.screenshot({ path: join(SCREENSHOTS, '04-client-secret-once.png') });
    expect(await token(id, secret)).toBe(200);
    await page.getByTestId('secret-done').click();
    await page.waitForURL(`**/admin/clients/${id}/show`);
    await page.getByText('Gulf Motors Trading').first().waitFor();
    expect(await page.getByTestId('client-secret').count()).toBe(0);
    await shot('05-client-show');

    await page.getByTestId('rotate-secret').click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const rotated = await page.getByTestId('client-secret').innerText();
    expect(rotated).not.toBe(secret);
    expect(await token(id, secret)).toBe(401);
    expect(await token(id, rotated)).toBe(200);
    await page.getByTestId('secret-done').click();

    await page.goto(`${app.url}/admin/clients`);
    await page.getByText('Gulf Motors Trading').waitFor();
    await shot('06-clients-list');

    const audit = await app.db.prisma.auditLogEntry.findMany({ where: { resourceId: id }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['clients.create', 'clients.rotate_secret']);
  });

  it('hides actions the role may not take (claims handler sees masked contact data, no buttons)', async () => {
    const { id } = await app.db.prisma.apiClient.findFirstOrThrow({ where: { name: 'Gulf Motors Trading' } });
    await signIn('claims_handler');
    await page.goto(`${app.url}/admin/clients/${id}/show`);
    await page.getByText('s***@gulfmotors.sa').waitFor();
    for (const testId of ['rotate-secret', 'deactivate', 'manage-products']) expect(await page.getByTestId(testId).count()).toBe(0);
    await shot('07-client-show-claims-handler');
  });

  it('admin sees staff and the audit log with changes as a table', async () => {
    await signIn('admin');
    await page.goto(`${app.url}/admin/staff`);
    await page.getByText(emails.claims_handler).waitFor();
    await shot('08-staff-list');
    await page.goto(`${app.url}/admin/audit-log`);
    // each row in words: what was done, by whom, to which record (by its name, a link), and no sign-ins by default
    const rotated = page.locator('tbody tr', { hasText: 'Rotated the secret' }).first();
    await rotated.waitFor();
    expect(await rotated.getByTestId('audit-record-link').innerText()).toBe('API client Gulf Motors Trading');
    expect(await rotated.innerText()).toContain('Test operations');
    expect(await page.locator('tbody').innerText()).not.toMatch(/clients\.|auth\.|Signed in|[0-9a-f]{8}-[0-9a-f]{4}-/);
    await shot('09-audit-log');
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.screenshot({ path: '/tmp/console-shots/audit-log-en-1280.png', fullPage: true });
    await page.getByLabel('Show sign-ins').check();
    await page.locator('tbody tr', { hasText: 'Signed in' }).first().waitFor();
    await page.getByLabel('Show sign-ins').uncheck();
    await page.locator('tbody tr', { hasText: 'Signed in' }).first().waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/console-shots/audit-log-en-390.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.locator('tbody tr', { hasText: 'Rotated the secret' }).first().getByTestId('audit-action').click();
    await page.getByTestId('audit-change').waitFor();
    expect(await page.getByTestId('audit-change-secret_version').innerText()).toMatch(/^Secret version\s+1\s+2$/);
    await shot('10-audit-record');
    await page.screenshot({ path: '/tmp/console-shots/audit-record-en-1366.png', fullPage: true });
    // the record's link opens the client
    await page.getByTestId('audit-record-link').click();
    await page.waitForURL(/\/admin\/clients\/[0-9a-f-]{36}\/show$/);
    await page.getByText('Gulf Motors Trading').first().waitFor();
  });

  it('switches to Arabic: the page turns right-to-left with Arabic labels and numbers', async () => {
    await page.goto(`${app.url}/admin`);
    await page.getByTestId('stat-clients').waitFor();
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await menu()).toEqual([
      'لوحة المعلومات',
      'البحث',
      'العملاء',
      'مستخدمو البوابة',
      'طلبات التسعير',
      'وثائق المركبات',
      'وثائق تأمين المنازل',
      'وثائق ضد الغير',
      'وثائق الحماية والادخار',
      'وثائق تأمين الخيل',
      'وثائق السفر',
      'المنشآت (طبي)',
      'الوثائق الطبية',
      'المطالبات',
      'المدفوعات',
      'المبالغ المستردة',
      'التجديدات المستحقة',
      'الأحداث المجدولة',
      'الإشعارات (Webhooks)',
      'عمليات الإرسال',
      'الموظفون',
      'سجل التدقيق',
    ]);
    await page.waitForTimeout(400);
    await shot('11-dashboard-arabic');
    await page.goto(`${app.url}/admin/clients`);
    await page.getByText('Gulf Motors Trading').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shot('12-clients-list-arabic');
    const { id } = await app.db.prisma.apiClient.findFirstOrThrow({ where: { name: 'Gulf Motors Trading' } });
    await page.goto(`${app.url}/admin/clients/${id}/show`);
    await page.getByText('جهة الاتصال').first().waitFor();
    await shot('13-client-show-arabic');
    // the audit log in Arabic: actions and fields in words, the time in Arabic digits
    await page.goto(`${app.url}/admin/audit-log`);
    const rotated = page.locator('tbody tr', { hasText: 'تجديد المفتاح السري' }).first();
    await rotated.waitFor();
    expect(await rotated.locator('td').first().innerText()).toMatch(/[٠-٩]/);
    expect(await rotated.locator('td').first().innerText()).not.toMatch(/[0-9]/);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.screenshot({ path: '/tmp/console-shots/audit-log-ar-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/console-shots/audit-log-ar-390.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 860 });
    await rotated.getByTestId('audit-action').click();
    await page.getByTestId('audit-change-secret_version').getByText('إصدار المفتاح السري').waitFor();
    await page.screenshot({ path: '/tmp/console-shots/audit-record-ar-1366.png', fullPage: true });
    // The choice survives a reload.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
