import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createStaff, PASSWORD } from '../../admin/admin-kit';
import { seedWorld } from '../../fuzz/fuzz-seed';
import { createCompany, NO_ANSWERS, putEmployees, RESIDENT } from '../../medical/medical-kit';
import { MotorTestEnv, startMotorEnv } from '../../support/motor-kit';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS, settled } from '../browser';

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

/** Every list of the console, with the role that reads it in its daily work (grouped by role: 20 sign-ins a minute at most). */
const LISTS: Array<[string, 'admin' | 'operations' | 'account_manager' | 'claims_handler']> = [
  ['clients', 'operations'],
  ['partner-users', 'operations'],
  ['motor-quote-requests', 'operations'],
  ['motor-policies', 'operations'],
  ['property-policies', 'operations'],
  ['tpl-policies', 'operations'],
  ['life-policies', 'operations'],
  ['horse-policies', 'operations'],
  ['travel-policies', 'operations'],
  ['payments', 'operations'],
  ['refunds', 'operations'],
  ['medical-companies', 'account_manager'],
  ['medical-policies', 'account_manager'],
  ['claims', 'claims_handler'],
  ['webhook-endpoints', 'admin'],
  ['webhook-deliveries', 'admin'],
  ['staff', 'admin'],
  ['audit-log', 'admin'],
];

/** A record's row in a list (the header row has the same class). */
const ROW = '.RaDataTable-tbody .RaDataTable-row';
/** A record of a list: a row of its table, or on a phone its card. */
const RECORD = `${ROW}, [data-testid=list-card]`;
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;
const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:/;
const ARABIC_DIGIT = /[٠-٩]/;

describeBrowser('a phone, a keyboard and Arabic: the console as staff use it', () => {
  let env: MotorTestEnv;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let pendingCompanyId: number;
  const errors: string[] = [];
  const email = (role: string) => `${role}@journey.test`;

  beforeAll(async () => {
    ensureConsoleBuilt();
    env = await startMotorEnv({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', TOKEN_TTL_SECONDS: '31536000' } });
    // one of everything through the partner API: paid policies of every family, each with a claim, motor, medical, webhooks
    const world = await seedWorld(env);
    for (const role of ['admin', 'operations', 'account_manager', 'claims_handler'] as const) await createStaff(env.app, role, email(role));
    // a company whose policy waits for payment: the console makes its payment link
    const token = world.partner.token;
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000077', name: 'Tihama Foods' });
    await putEmployees(env.app, token, company.id, [RESIDENT]);
    await env.app.request('/api/v1/medical/medical-forms/fill', { token, json: { company_id: company.id, all_employees: NO_ANSWERS } });
    const quote = (await env.app.request('/api/v1/medical/quote-requests', { token, json: { company_id: company.id } })).body;
    await env.app.request('/api/v1/medical/policies', { token, json: { quote_request_id: quote.id, quote_price_id: quote.quotes[0].quote_price_id } });
    pendingCompanyId = company.id;
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await env?.close();
  });

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `journey-ux-${name}.png`), fullPage: true });
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  /** Texts of the page that run past the screen's right edge, other than those in a box that scrolls sideways. */
  const cutTexts = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('#main-content *')]
        .filter((el) => el.children.length === 0 && el.textContent!.trim() !== '' && el.getBoundingClientRect().right > window.innerWidth + 1)
        .filter((el) => !el.closest('.RaDataTable-tableWrapper, .MuiTableContainer-root, pre'))
        .map((el) => el.textContent!.trim().slice(0, 40)),
    );

  /** Signs in as `role`, unless already signed in so (the API takes 20 sign-ins a minute from one address). */
  let signedInAs = '';
  async function signIn(role: string) {
    if (signedInAs === role) return;
    signedInAs = role;
    await context.clearCookies();
    await page.goto(`${env.app.url}/admin/login`);
    await page.locator('input[name=username]').fill(email(role));
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.locator('#main-content').waitFor();
  }

  /** The console's language from the next page load on (react-admin keeps it in localStorage; any page of the origin will do). */
  async function setLanguage(locale: 'en' | 'ar') {
    await page.goto(`${env.app.url}/openapi.json`);
    await page.evaluate((l) => localStorage.setItem('RaStore.locale', JSON.stringify(l)), locale);
  }

  /** Opens a list and waits for its rows (or its empty page). */
  async function openList(resource: string) {
    await page.goto(`${env.app.url}/admin/${resource}`);
    await page.locator(RECORD).first().or(page.locator('.RaEmpty-message, .RaList-noResults')).first().waitFor();
  }

  /** Opens the list's first record, clicking its first cell or its card's title (other cells may hold links of their own). */
  async function openFirstRow() {
    // not the selection checkbox of lists with bulk actions (claims, deliveries)
    await page
      .locator(ROW)
      .first()
      .locator('td:not(:has(input[type=checkbox]))')
      .first()
      .or(page.locator('[data-testid=list-card] .ListCard-title').first())
      .click();
    await page.waitForURL(/\/show$/);
  }

  describe('on a 390 px phone', () => {
    beforeAll(async () => {
      await setLanguage('en');
      await page.setViewportSize({ width: 390, height: 844 });
    });

    // Each of these walks every list of the console: minutes, not the default minute, on a busy machine.
    it('every list fits the screen, its filters and actions on it', async () => {
      for (const [resource, role] of LISTS) {
        await signIn(role);
        await openList(resource);
        await shot(`phone-${resource}`);
        expect({ resource, width: await pageWidth() }).toEqual({ resource, width: 390 });
        // the toolbar (filters, export, create) is on screen
        for (const button of await page.locator('.RaTopToolbar button, .RaTopToolbar a').all()) {
          const box = await button.boundingBox();
          if (box) expect({ resource, right: Math.min(box.x + box.width, 390) }).toEqual({ resource, right: box.x + box.width });
        }
      }
    }, 240_000);

    it('show pages are readable without scrolling sideways', async () => {
      await signIn('operations');
      for (const resource of ['property-policies', 'life-policies', 'horse-policies', 'tpl-policies', 'payments']) {
        await openList(resource);
        await openFirstRow();
        await page.locator('.RaShow-main, .show-page').first().waitFor();
        await shot(`phone-show-${resource}`);
        expect({ resource, width: await pageWidth(), cut: await cutTexts() }).toEqual({ resource, width: 390, cut: [] });
      }
    });

    it('the user menu is on screen and signs out, for every role', async () => {
      for (const role of ['operations', 'account_manager', 'claims_handler'] as const) {
        await signIn(role);
        const button = page.getByRole('button', { name: 'Profile' });
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        await button.click();
        if (role === 'operations') await shot('phone-user-menu');
        await page.getByRole('menuitem', { name: 'Logout' }).click();
        await page.waitForURL('**/admin/login');
        await page.locator('input[name=username]').waitFor();
        signedInAs = '';
      }
      // the language menu too
      await signIn('operations');
      const language = page.getByRole('button', { name: /English|Language/ }).first();
      const box = (await language.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // its icon only, leaving room for the page title
      expect(await language.evaluate((el) => getComputedStyle(el).fontSize)).toBe('0px');
    });

    afterAll(async () => {
      await page.setViewportSize({ width: 1366, height: 860 });
    });
  });

  describe('with the keyboard only', () => {
    /** Tabs from the top of the page to the first row of the list; the row shows a focus ring. */
    async function tabToFirstRow() {
      await page.locator('body').focus();
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab');
        const onRow = await page.evaluate(() => document.activeElement?.matches('.RaDataTable-tbody .RaDataTable-row') ?? false);
        if (onRow) {
          const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
          expect(ring).not.toBe('none');
          return;
        }
      }
      throw new Error('Tab never reached a row of the list');
    }

    it.each([
      ['property-policies', 'operations', 'Enter'],
      ['life-policies', 'operations', ' '],
      ['tpl-policies', 'operations', 'Enter'],
      ['payments', 'operations', ' '],
      ['claims', 'claims_handler', 'Enter'],
      ['medical-companies', 'account_manager', 'Enter'],
    ])('opens a record of %s (as %s) with Tab and %j', async (resource, role, key) => {
      await setLanguage('en');
      await signIn(role);
      await openList(resource);
      await tabToFirstRow();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      await page.waitForURL(new RegExp(`/admin/${resource}/[^/]+/show$`));
      if (resource === 'claims') await shot('keyboard-claim-opened');
    });
  });

  describe('in Arabic', () => {
    beforeAll(async () => {
      await setLanguage('ar');
    });

    /** The visible text of the page's main area. */
    const mainText = () => page.locator('#main-content').innerText();

    it('lists and policies show Arabic words for every code, Arabic digits and dates', async () => {
      await signIn('operations');
      await openList('life-policies');
      let text = await mainText();
      expect(text).toContain('شهري');
      expect(text).not.toMatch(/\bmonthly\b|\bactive\b/);
      await shot('arabic-life-list');
      await openFirstRow();
      await page.getByTestId('policy-status').waitFor();
      text = await mainText();
      expect(text).not.toMatch(/\bmonthly\b|\bspouse\b|\bchild\b/);
      expect(text).not.toMatch(ISO_DATE);
      expect(text).toMatch(ARABIC_DIGIT);
      await shot('arabic-life-show');

      await openList('horse-policies');
      text = await mainText();
      expect(text).not.toMatch(/\bracing\b/);
      await openFirstRow();
      await page.getByTestId('policy-status').waitFor();
      text = await mainText();
      expect(text).not.toMatch(/\bracing\b|\bmale\b|\bgrey\b/);
      expect(text).not.toMatch(ISO_DATE);
      await shot('arabic-horse-show');

      await openList('tpl-policies');
      await openFirstRow();
      await page.getByText('ضد الغير', { exact: false }).first().waitFor();
      expect(await mainText()).not.toMatch(ISO_DATE);
      await shot('arabic-tpl-show');
    });

    it('the property policy: insurer and building in Arabic, the address in its order', async () => {
      await signIn('operations');
      await openList('property-policies');
      let text = await mainText();
      expect(text).toContain('الكثبان للتأمين التعاوني');
      expect(text).not.toMatch(/\bdune\b/);
      await shot('arabic-property-list');
      await openFirstRow();
      await page.getByTestId('property-address').waitFor();
      text = await mainText();
      expect(text).not.toMatch(/\bdune\b|\bvilla\b|\bapartment\b/);
      // the address is one left-to-right island: building number first, as written
      const address = page.getByTestId('property-address');
      expect(await address.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      expect(await address.innerText()).toMatch(/^7866, Al Imam Saud Bin Faisal Road, Al Sahafah, Riyadh, 13521/);
      await shot('arabic-property-show');
    });

    it('claims: families, types and statuses in Arabic, incident dates formatted', async () => {
      await signIn('claims_handler');
      await openList('claims');
      const text = await mainText();
      for (const raw of ['vet_fees', 'critical_illness', 'horse', 'life', 'submitted', 'water_damage']) expect(text).not.toContain(raw);
      expect(text).toContain('رسوم بيطرية');
      expect(text).toContain('مرض خطير');
      expect(text).toMatch(ARABIC_DIGIT);
      await shot('arabic-claims-list');
      await openFirstRow();
      await page.getByText('تاريخ الحادث').first().waitFor();
      expect(await mainText()).not.toMatch(ISO_DATE);
      await shot('arabic-claim-show');
    });

    it('medical: amounts in Arabic digits with the Arabic currency, the payment link expiry in Riyadh time', async () => {
      await signIn('account_manager');
      await openList('medical-policies');
      let text = await mainText();
      expect(text).not.toContain('SAR');
      const price = await page.locator(ROW).first().locator('td.column-price').innerText();
      expect(price).toMatch(/^[\u200f\u200e]?[٠-٩٬٫]+\s?ر\.س/);
      await shot('arabic-medical-policies');
      await openFirstRow();
      await page.getByText('الموظفون المؤمن عليهم').waitFor();
      text = await mainText();
      expect(text).not.toMatch(/SAR|\bstandard\b|\bexecutive\b|\boutpatient\b|\bsubmitted\b/);
      await shot('arabic-medical-policy-show');
      await page.goto(`${env.app.url}/admin/medical-companies/${pendingCompanyId}/show`);
      await page.getByTestId('payment-due').waitFor();
      expect(await page.getByTestId('payment-due').innerText()).toMatch(ARABIC_DIGIT);
      expect(await page.getByTestId('payment-due').innerText()).not.toContain('SAR');
      await page.getByTestId('payment-link').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('payment-link-url').waitFor();
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.MuiDialog-paper')!).opacity === '1');
      const words = await dialog.locator('.MuiDialogContentText-root').innerText();
      expect(words).not.toMatch(/\d{4}-\d{2}-\d{2}T|Z\b|SAR/);
      expect(words).toMatch(ARABIC_DIGIT);
      await shot('arabic-medical-payment-link');
    });

    it('every list and its first record read in Arabic, without ISO timestamps', async () => {
      for (const [resource, role] of LISTS) {
        await signIn(role);
        await openList(resource);
        await shot(`arabic-list-${resource}`);
        if (resource !== 'audit-log') expect({ resource, text: await mainText() }).not.toEqual({ resource, text: expect.stringMatching(ISO_TIMESTAMP) });
        if ((await page.locator(ROW).count()) === 0) continue;
        await openFirstRow();
        await page.locator('#main-content .RaShow-main, #main-content .show-page').first().waitFor();
        await settled(page);
        await shot(`arabic-show-${resource}`);
      }
    }, 240_000);

    it('the dashboard premium card is whole at 1366 px', async () => {
      await signIn('operations');
      await page.goto(`${env.app.url}/admin`);
      const card = page.getByTestId('stat-premium');
      await card.waitFor();
      expect(await card.evaluate((el) => [...el.querySelectorAll('*')].every((c) => c.scrollWidth <= c.clientWidth + 1))).toBe(true);
      // the amount on one line, whole
      const value = page.getByTestId('stat-premium-value');
      expect(await value.evaluate((el) => el.getBoundingClientRect().height < 1.5 * parseFloat(getComputedStyle(el).lineHeight))).toBe(true);
      expect(await card.innerText()).toMatch(ARABIC_DIGIT);
      // on a wide screen the language button says which language is on
      expect(await page.getByRole('button', { name: 'العربية' }).evaluate((el) => getComputedStyle(el).fontSize)).not.toBe('0px');
      await shot('arabic-dashboard');
    });

    it('raised no page errors', () => {
      expect(errors).toEqual([]);
    });
  });
});
