import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createStaff, PASSWORD } from '../../admin/admin-kit';
import { seedWorld } from '../../fuzz/fuzz-seed';
import { MotorTestEnv, startMotorEnv } from '../../support/motor-kit';
import { browserAvailable, ensureConsoleBuilt, launchBrowser, SCREENSHOTS, settled } from '../browser';

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

type Role = 'admin' | 'operations' | 'account_manager' | 'claims_handler';
/** Each role's daily lists: the pages a person in that role opens on a phone. */
const LISTS: Record<Role, string[]> = {
  operations: [
    'clients',
    'motor-policies',
    'property-policies',
    'tpl-policies',
    'life-policies',
    'horse-policies',
    'travel-policies',
    'payments',
    'refunds',
    'claims',
    'due-events',
  ],
  account_manager: ['medical-companies', 'medical-policies', 'payments', 'clients'],
  claims_handler: ['claims', 'property-policies', 'life-policies'],
  admin: ['audit-log', 'staff', 'webhook-deliveries', 'partner-users'],
};
const WIDTH = 390;
const CARD = '[data-testid=list-card]';

describeBrowser('the console on a 390 px phone, as each role, in English and Arabic', () => {
  let env: MotorTestEnv;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const email = (role: string) => `${role}@phone.test`;

  beforeAll(async () => {
    ensureConsoleBuilt();
    env = await startMotorEnv({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', TOKEN_TTL_SECONDS: '31536000' } });
    // paid policies of every family, each with a claim; payments; a few audited staff actions
    const world = await seedWorld(env);
    for (const role of ['admin', 'operations', 'account_manager', 'claims_handler'] as const) await createStaff(env.app, role, email(role));
    // a page of audit rows that are not sign-ins: an account manager keeping a client's contact up to date
    for (let i = 1; i <= 26; i++) {
      const res = await world.admin.call(`/admin/api/clients/${world.partner.id}`, {
        method: 'PUT',
        json: { name: 'Phone shop', contact_name: `Contact number ${i}`, contact_email: `contact${i}@shop.example`, contact_phone: '+966512345678' },
      });
      if (res.status !== 200) throw new Error(`updating the client answered ${res.status}: ${res.text}`);
    }
    // a refund owed on a paid payment, so the refunds list has a record
    const payment = await env.app.db.prisma.payment.findFirst({ where: { status: 'paid' } });
    if (!payment) throw new Error('the seeded world has no paid payment');
    const at = env.app.clock.now();
    await env.app.db.prisma.refund.create({
      data: {
        id: randomUUID(),
        clientId: payment.clientId,
        paymentId: payment.id,
        vendorPaymentId: payment.vendorReference ?? 'vp_phone_0001',
        reason: 'policy_cancelled',
        policyType: payment.policyType,
        policyId: payment.policyId,
        amount: payment.amount,
        currency: 'SAR',
        status: 'pending',
        attempts: 0,
        nextAttemptAt: new Date(at.getTime() + 3_600_000),
        createdAt: at,
        updatedAt: at,
      },
    });
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    await page.setViewportSize({ width: WIDTH, height: 844 });
    page.on('pageerror', (e) => errors.push(e.message));
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await env?.close();
  });

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `phone-${name}.png`), fullPage: true });
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

  /** Signs in as `role`, unless already signed in so (the API takes 20 sign-ins a minute from one address). */
  let signedInAs = '';
  async function signIn(role: Role) {
    if (signedInAs === role) return;
    signedInAs = role;
    await context.clearCookies();
    await page.goto(`${env.app.url}/admin/login`);
    await page.locator('input[name=username]').fill(email(role));
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.locator('#main-content').waitFor();
  }

  /** The console's language from the next page load on (react-admin keeps it in localStorage). */
  async function setLanguage(locale: 'en' | 'ar') {
    await page.goto(`${env.app.url}/openapi.json`);
    await page.evaluate((l) => localStorage.setItem('RaStore.locale', JSON.stringify(l)), locale);
  }

  /** Opens a list and waits for its cards (or its empty page). */
  async function openList(resource: string) {
    await page.goto(`${env.app.url}/admin/${resource}`);
    await page.locator(CARD).first().or(page.locator('.RaEmpty-message, .RaList-noResults')).first().waitFor();
  }

  /** Whether the element is whole on the screen, left to right (a person sees it without scrolling sideways). */
  async function onScreen(locator: Locator) {
    const box = await locator.boundingBox();
    return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= WIDTH + 0.5;
  }

  /** Every id, number and amount on the cards (bdi, and what never wraps) that broke over two lines: none should. */
  const brokenNumbers = () =>
    page.evaluate(
      (card) =>
        [...document.querySelectorAll(`${card} bdi, ${card} [style*="nowrap"]`)]
          .filter((el) => {
            // its boxes on more than one line (an element of several parts on one line has several boxes too)
            const tops = [...el.getClientRects()].map((r) => r.top);
            return tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 4;
          })
          .map((el) => el.textContent!.trim().slice(0, 40)),
      CARD,
    );

  /** The first card's fact in `column` (a `column-<source>` box), checked whole and on screen; its text. */
  async function factOnFirstCard(column: string, within = '#main-content') {
    const fact = page.locator(within).locator(CARD).first().locator(`.column-${column}`);
    await fact.waitFor();
    expect({ column, onScreen: await onScreen(fact) }).toEqual({ column, onScreen: true });
    return (await fact.innerText()).trim();
  }

  describe.each([
    ['en', { declarations: 'Declarations missing', currency: /SAR/, digits: /\d/ }],
    ['ar', { declarations: 'إقرارات ناقصة', currency: /ر\.س/, digits: /[٠-٩]/ }],
  ] as const)('in %s', (locale, words) => {
    beforeAll(async () => {
      signedInAs = '';
      await setLanguage(locale);
    });

    it.each(Object.keys(LISTS) as Role[])(
      'as %s: the dashboard and every daily list fit the screen as cards',
      async (role) => {
        await signIn(role);
        await page.goto(`${env.app.url}/admin`);
        await page.locator('#main-content .MuiCard-root, #main-content .MuiPaper-root').first().waitFor();
        await settled(page);
        await shot(`${locale}-${role}-dashboard`);
        expect({ page: 'dashboard', width: await pageWidth() }).toEqual({ page: 'dashboard', width: WIDTH });
        for (const resource of LISTS[role]) {
          await openList(resource);
          await settled(page);
          await shot(`${locale}-${role}-${resource}`);
          expect({ resource, width: await pageWidth() }).toEqual({ resource, width: WIDTH });
          // records are cards, not a table scrolled in its box; every card whole on the screen
          if (await page.locator('.RaEmpty-message').count()) continue;
          expect({ resource, cards: (await page.locator(CARD).count()) > 0 }).toEqual({ resource, cards: true });
          expect({ resource, tables: await page.locator('#main-content .RaDataTable-table').count() }).toEqual({ resource, tables: 0 });
          for (const card of await page.locator(CARD).all()) expect({ resource, onScreen: await onScreen(card) }).toEqual({ resource, onScreen: true });
          expect({ resource, broken: await brokenNumbers() }).toEqual({ resource, broken: [] });
        }
      },
      240_000,
    );

    it('a claim card: its status, requested amount and decision date; the claim page fits the screen', async () => {
      await signIn('claims_handler');
      await openList('claims');
      expect(await factOnFirstCard('requested_amount')).toMatch(words.currency);
      expect(await factOnFirstCard('decision_due_at')).toMatch(words.digits);
      await factOnFirstCard('status');
      // the queue's bulk assignment: a card's box selects it, the toolbar's button is on the screen
      await page.locator(CARD).nth(1).locator('input[type=checkbox]').check();
      const assign = page.locator('.RaBulkActionsToolbar-toolbar button').last();
      await assign.waitFor();
      expect(await onScreen(assign)).toBe(true);
      await shot(`${locale}-claims-selected`);
      expect(await pageWidth()).toBe(WIDTH);
      await page.locator(CARD).nth(1).locator('input[type=checkbox]').uncheck();
      await page.locator(CARD).first().locator('.ListCard-title').click();
      await page.waitForURL(/\/claims\/[^/]+\/show$/);
      await page.locator('#main-content .RaShow-main').waitFor();
      await settled(page);
      await shot(`${locale}-claim-show`);
      expect(await pageWidth()).toBe(WIDTH);
    });

    it('a payment card: its amount, status and the policy it pays; a policy page fits the screen', async () => {
      await signIn('operations');
      await openList('payments');
      expect(await factOnFirstCard('amount')).toMatch(words.currency);
      expect(await factOnFirstCard('policy_id')).toMatch(/#\d+|#[٠-٩]+/);
      await factOnFirstCard('status');
      await openList('refunds');
      expect(await factOnFirstCard('amount')).toMatch(words.currency);
      await factOnFirstCard('policy_id');
      // a policy's page, opened from its card
      await openList('property-policies');
      await factOnFirstCard('price');
      await factOnFirstCard('customer');
      await page.locator(CARD).first().locator('.ListCard-title').click();
      await page.waitForURL(/\/property-policies\/[^/]+\/show$/);
      await page.locator('#main-content .RaShow-main').waitFor();
      await settled(page);
      await shot(`${locale}-property-policy-show`);
      expect(await pageWidth()).toBe(WIDTH);
    });

    it("a medical company card: its declarations missing, and the company's page with its actions", async () => {
      await signIn('account_manager');
      await openList('medical-companies');
      const card = page.locator(CARD).first();
      await factOnFirstCard('undeclared_count');
      expect(await card.locator('.column-undeclared_count dt').innerText()).toBe(words.declarations);
      await factOnFirstCard('payment_due');
      // Enter on the focused card opens the company, as a row does from the keyboard
      await card.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/medical-companies\/[^/]+\/show$/);
      await page.locator('#main-content .RaShow-main').waitFor();
      await settled(page);
      // its employees as cards: each one's health declaration and buttons on the screen
      expect(await factOnFirstCard('declaration', '[data-testid=employees]')).toMatch(locale === 'en' ? /Missing|Filled/ : /\S/);
      const buttons = page.getByTestId('employees').locator(CARD).first().locator('.column-actions button');
      expect(await buttons.count()).toBeGreaterThanOrEqual(2);
      for (const button of await buttons.all()) expect(await onScreen(button)).toBe(true);
      await shot(`${locale}-medical-company-show`);
      expect(await pageWidth()).toBe(WIDTH);
      for (const button of await page.locator('.RaTopToolbar button, .RaTopToolbar a').all()) expect(await onScreen(button)).toBe(true);
      // the company's policies too, a card opening the policy
      expect(await factOnFirstCard('price', '[data-testid=company-policies]')).toMatch(words.currency);
    });

    it('the audit log: each action whole in words, its record linked, a page of rows of a sane height', async () => {
      await signIn('admin');
      await openList('audit-log');
      const cards = page.locator(CARD);
      expect(await cards.count()).toBe(25);
      for (const card of await cards.all()) {
        const action = card.getByTestId('audit-action');
        expect(await onScreen(action)).toBe(true);
        // whole: nothing of it clipped
        expect(await action.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.getClientRects().length === 1)).toBe(true);
        expect(await action.innerText()).not.toMatch(/[._]/);
      }
      expect(await cards.first().getByTestId('audit-record-link').count()).toBe(1);
      await shot(`${locale}-audit-log`);
      expect(await pageWidth()).toBe(WIDTH);
      // a page of 25 entries in under 3 screens, not the 3,900 px of a squeezed table
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeLessThan(2_600);
      await cards.first().locator('.ListCard-title').click();
      await page.waitForURL(/\/audit-log\/[^/]+\/show$/);
      await page.getByTestId('audit-change').waitFor();
      await shot(`${locale}-audit-show`);
      expect(await pageWidth()).toBe(WIDTH);
    });
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
