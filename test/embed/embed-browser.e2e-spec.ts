import { join } from 'node:path';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { latestCode, MotorTestEnv, OWNER, quoteOtp, startMotorEnv } from '../support/motor-kit';
import { makePhotoFiles, photoForm, PhotoFiles, PHOTO_PARTS } from '../support/photo-files';
import { signIn } from '../admin/admin-kit';
import { browserAvailable, launchBrowser, SCREENSHOTS } from '../console/browser';
import { IBAN, openSession, registerTarget } from './embed-kit';
import { PartnerSite, startPartnerSite } from './partner-site';

const run = browserAvailable();
const describeBrowser = run ? describe : describe.skip;

/** First render of the quote list must stay under this, measured in the browser from the frame's navigation start. */
const FIRST_RENDER_BUDGET_MS = 1000;

describeBrowser('the embed page in a browser, framed by a partner site', () => {
  let env: MotorTestEnv;
  let partner: { id: string; token: string };
  let otp: string;
  let site: PartnerSite;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let photos: PhotoFiles;
  const errors: string[] = [];
  const consoleLines: string[] = [];
  const timings: Record<string, number> = {};
  const breakdowns: Record<string, Record<string, unknown>> = {};

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', RATE_LIMIT_DEFAULT_PER_MINUTE: '1000' } });
    partner = await env.app.partner(['motor-comprehensive-comparison', 'motor-tpl-comparison']);
    otp = await quoteOtp(env.app, partner.token);
    site = await startPartnerSite(new URL(env.app.url).origin);
    const admin = await signIn(env.app, 'operations');
    // registered: the partner site as http://localhost:<port>; the same server as http://127.0.0.1:<port> is another, unregistered origin
    await registerTarget(admin, partner.id, 'origin', `http://localhost:${site.port}`);
    await registerTarget(admin, partner.id, 'app', 'acmeapp://insurance');
    photos = await makePhotoFiles();
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  }, 180_000);
  afterAll(async () => {
    if (Object.keys(timings).length)
      console.log(`embed first render (ms): ${JSON.stringify(timings)}; breakdown (ms from the frame's navigation start): ${JSON.stringify(breakdowns)}`);
    await browser?.close();
    await site?.close();
    await env?.close();
  });

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `embed-${name}.png`) });
  const session = async (over: Record<string, unknown> = {}) => {
    const res = await openSession(env, partner.token, otp, { parent_origin: `http://localhost:${site.port}`, ...over });
    if (res.status !== 201) throw new Error(`session: ${res.status} ${res.text}`);
    return res.body;
  };
  const embedFrame = (): Frame => {
    const frame = page.frames().find((f) => f.url().includes('/embed/'));
    if (!frame)
      throw new Error(
        `no embed frame among ${page
          .frames()
          .map((f) => f.url())
          .join(', ')}`,
      );
    return frame;
  };
  const received = () => page.evaluate(() => (window as unknown as { received: any[] }).received);
  const waitForMessage = async (type: string) => {
    await page.waitForFunction((t) => (window as unknown as { received: any[] }).received.some((m) => m.type === t), type, { timeout: 45_000 });
    return (await received()).find((m: any) => m.type === type);
  };

  /** Opens the partner page and measures, in the frame, when the offers were first on screen. */
  async function openFramed(embedUrl: string, label: string): Promise<Frame> {
    const started = Date.now();
    await page.goto(site.pageUrl('localhost', embedUrl));
    const frame = page.frameLocator('#embed');
    await frame.locator('article.offer').first().waitFor();
    const wall = Date.now() - started;
    const mark = await embedFrame().evaluate(() => performance.getEntriesByName('embed-offers-rendered')[0]?.startTime ?? -1);
    breakdowns[label] = await embedFrame().evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.includes('/embed/assets/'));
      return {
        html_response_start: Math.round(nav.responseStart),
        html_response_end: Math.round(nav.responseEnd),
        dom_interactive: Math.round(nav.domInteractive),
        ...Object.fromEntries(res.map((r) => [r.name.split('/').pop()!.split('?')[0], `${Math.round(r.startTime)}-${Math.round(r.responseEnd)}`])),
      };
    });
    timings[label] = Math.round(mark);
    timings[`${label} (wall, partner page load to offers visible)`] = wall;
    expect(mark).toBeGreaterThan(0);
    return embedFrame();
  }

  /** Every form control has a label, and text has at least 4.5:1 contrast against its background. */
  async function checkAccessibility(frame: Frame) {
    const problems = await frame.evaluate(() => {
      const out: string[] = [];
      document.querySelectorAll('input, select, textarea').forEach((i) => {
        const input = i as HTMLInputElement;
        if (!(input.labels?.length || input.getAttribute('aria-label'))) out.push(`unlabelled ${input.name || input.id || input.type}`);
      });
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const lum = (c: number[]) => {
        const [r, g, b] = c.slice(0, 3).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const background = (el: Element | null): number[] => {
        for (let e = el; e; e = e.parentElement) {
          const c = rgb(getComputedStyle(e).backgroundColor);
          if (c.length >= 3 && (c.length < 4 || c[3] > 0)) return c;
        }
        return [255, 255, 255];
      };
      document.querySelectorAll('h1, h2, h3, p, label, button, a, span, dt, dd, legend, li').forEach((el) => {
        if (!(el as HTMLElement).offsetParent || !el.textContent?.trim()) return;
        const fg = lum(rgb(getComputedStyle(el).color));
        const bg = lum(background(el));
        const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
        if (ratio < 4.5) out.push(`contrast ${ratio.toFixed(2)} on "${el.textContent.trim().slice(0, 30)}"`);
      });
      return out;
    });
    expect(problems).toEqual([]);
  }

  it('renders the offer list within 1 s of the frame starting to load (median of three fresh sessions, the first in a cold browser)', async () => {
    const marks: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const s = await session({ locale: i === 2 ? 'ar' : 'en' });
      await openFramed(s.embed_url, `fresh session ${i}`);
      marks.push(timings[`fresh session ${i}`]);
    }
    const median = [...marks].sort((a, b) => a - b)[1];
    expect(median).toBeLessThan(FIRST_RENDER_BUDGET_MS);
  });

  it('completes a TPL purchase with an add-on, by keyboard, and hands the policy to the partner page (English)', async () => {
    const s = await session({ locale: 'en' });
    const frame = await openFramed(s.embed_url, 'TPL, English');
    expect(await frame.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await waitForMessage('ready');
    await checkAccessibility(frame);
    await shot('en-1-offers');

    // group by cover type and sort by price within the group
    const groups = await frame.locator('section[data-type]').evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    expect(groups.length).toBeGreaterThan(1);
    await frame.getByLabel('Third party', { exact: true }).check();
    const tplGroups = await frame.locator('section[data-type]').evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    expect(tplGroups).toEqual(['TPL']);
    const fromPrices = await frame.locator('section[data-type=TPL] article.offer .from').allInnerTexts();
    const amounts = fromPrices.map((t) => Number(t.replace(/[^\d.]/g, '')));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    // an offer with a paid add-on, chosen by keyboard
    const view = (await env.app.request(`/api/v1/car-comp/quote-requests/${s.quote_request_id}`, { token: partner.token })).body;
    const offer = view.quotes.find((q: any) => q.type === 'TPL' && q.benefits.some((b: any) => b.amount > 0)) ?? view.quotes.find((q: any) => q.type === 'TPL');
    const card = frame.locator(`article[data-offer="${offer.quote_reference_id}"]`);
    const priceInput = card.locator('input[name=price]').first();
    await priceInput.focus();
    await page.keyboard.press('Space');
    expect(await priceInput.isChecked()).toBe(true);
    const price = offer.prices.slice().sort((a: any, b: any) => a.total - b.total)[0];
    let expected = Math.round(price.total * 100);
    await expect(frame.locator('#total').innerText()).resolves.toBe(`${(expected / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} SAR`);
    const addon = offer.benefits.find((b: any) => b.amount > 0);
    if (addon) {
      await card.locator(`input[value="${addon.quote_benefit_id}"]`).check();
      expected += Math.round(addon.amount * 100) + Math.round(addon.vat * 100);
      await expect(frame.locator('#total').innerText()).resolves.toBe(`${(expected / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} SAR`);
    }
    await shot('en-1b-picked');
    await frame.locator('#continue').focus();
    await page.keyboard.press('Enter');

    // IBAN validated as in the API
    await frame.getByLabel('IBAN for refunds and claims').fill('SA0380000000608010167510');
    await frame.locator('#send-code').click();
    await expect(frame.locator('#iban-error').innerText()).resolves.toMatch(/valid Saudi IBAN/);
    await frame.getByLabel('IBAN for refunds and claims').fill(IBAN);
    await shot('en-2-checkout');
    env.app.clock.advance(61_000);
    await frame.locator('#send-code').click();
    await frame.getByLabel('Verification code').waitFor();
    await checkAccessibility(frame);
    await frame.getByLabel('Verification code').fill(await latestCode(env.app, partner.token, OWNER.phone));
    await shot('en-3-otp');
    await frame.locator('#confirm').click();
    await frame.locator('#pay').waitFor();
    await shot('en-4-done');

    const message = await waitForMessage('policy_issued');
    const href = await frame.locator('#pay').getAttribute('href');
    expect(message).toMatchObject({
      source: 'insurance-embed',
      version: 1,
      session_id: s.id,
      quote_request_id: s.quote_request_id,
      policy: { status: 0, payment_link: href },
    });
    expect(Math.round(message.policy.price * 100)).toBe(expected);
    const policy = (await env.app.request(`/api/v1/car-comp/policies/${message.policy.id}`, { token: partner.token })).body;
    expect(policy.payment_link).toBe(href);
    expect(errors).toEqual([]);
  });

  it('completes a comprehensive purchase in Arabic: shows the replaced photo set, takes new photos in the page, verifies by OTP', async () => {
    const s = await session({ locale: 'ar' });
    // the partner stored photos twice: the second set replaces the first
    const first = (
      await env.app.request(`/api/v1/car-comp/embed-sessions/${s.id}/photos`, { token: partner.token, body: photoForm(undefined, await photos.set(11)) })
    ).body;
    const second = (
      await env.app.request(`/api/v1/car-comp/embed-sessions/${s.id}/photos`, { token: partner.token, body: photoForm(undefined, await photos.set(12)) })
    ).body;
    expect(second.attachments.front).not.toBe(first.attachments.front);

    const frame = await openFramed(s.embed_url, 'comprehensive, Arabic');
    expect(await frame.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await checkAccessibility(frame);
    await shot('ar-1-offers');

    await frame.getByLabel('شامل', { exact: true }).check();
    const card = frame.locator('section[data-type=Comprehensive] article.offer').first();
    await card.locator('input[name=price]').first().check();
    await shot('ar-1b-picked');
    await frame.locator('#continue').click();
    await frame.getByLabel('رقم الآيبان للمبالغ المستردة والمطالبات').fill(IBAN);

    // the page shows the second set, not the first
    const shown = await frame.locator('#photos img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(shown).toEqual(PHOTO_PARTS.map((p) => second.attachments[p]));
    await frame
      .locator('#photos img')
      .first()
      .evaluate((img: HTMLImageElement) => (img.complete ? null : new Promise((r) => (img.onload = r))));
    await shot('ar-2-photos-on-file');
    // not confirmed yet: the page asks first
    await frame.locator('#send-code').click();
    await expect(frame.locator('#photos_confirmed-error').innerText()).resolves.not.toBe('');

    // the customer takes other photos in the page
    await frame.locator('#replace-photos').click();
    const third = await photos.set(13);
    for (const part of PHOTO_PARTS) await frame.locator(`#photo-${part}`).setInputFiles({ name: `${part}.jpg`, mimeType: 'image/jpeg', buffer: third[part] });
    await frame.locator('#upload-photos').click();
    await frame.locator('#photos_confirmed').waitFor();
    expect(await frame.locator('#photos_confirmed').isChecked()).toBe(true);
    const stored = (await env.app.request(`/api/v1/car-comp/embed-sessions/${s.id}`, { token: partner.token })).body.attachments;
    expect(stored.front).not.toBe(second.attachments.front);
    expect((await fetch(second.attachments.front, { headers: { Authorization: `Bearer ${partner.token}` } })).status).toBe(404);

    env.app.clock.advance(61_000);
    await frame.locator('#send-code').click();
    await frame.getByLabel('رمز التحقق').waitFor();
    expect(await env.app.db.prisma.motorPhotoRegistration.count({ where: { quoteRequestId: s.quote_request_id } })).toBe(1);
    await frame.getByLabel('رمز التحقق').fill(await latestCode(env.app, partner.token, OWNER.phone));
    await shot('ar-3-otp');
    await frame.locator('#confirm').click();
    await frame.locator('#pay').waitFor();
    await shot('ar-4-done');
    const message = await waitForMessage('policy_issued');
    expect(message.policy.payment_link).toBe(await frame.locator('#pay').getAttribute('href'));
    const policy = await env.app.db.prisma.motorPolicy.findUniqueOrThrow({ where: { id: message.policy.id } });
    expect(policy.productCode).toBe('motor-comprehensive-comparison');
    expect(errors).toEqual([]);
  });

  it('runs in a WebView (top level) and hands the policy back through the deep link', async () => {
    const s = await session({ platform: 'webview', parent_origin: undefined, deep_link: 'acmeapp://insurance/done?order=7', locale: 'en' });
    await page.goto(s.embed_url);
    await page.locator('section[data-type=TPL] input[name=price]').first().check();
    await page.locator('#continue').click();
    await page.getByLabel('IBAN for refunds and claims').fill(IBAN);
    env.app.clock.advance(61_000);
    await page.locator('#send-code').click();
    // the code is read once the OTP step shows, i.e. once it was sent
    await page.getByLabel('Verification code').waitFor();
    await page.getByLabel('Verification code').fill(await latestCode(env.app, partner.token, OWNER.phone));
    await page.locator('#confirm').click();
    const back = new URL((await page.locator('#back-to-app').getAttribute('href'))!);
    expect(`${back.protocol}//${back.host}${back.pathname}`).toBe('acmeapp://insurance/done');
    const policy = await env.app.db.prisma.motorPolicy.findFirstOrThrow({ where: { quoteRequestId: s.quote_request_id } });
    expect(Object.fromEntries(back.searchParams)).toEqual({
      order: '7',
      policy_id: String(policy.id),
      status: '0',
      payment_link: await page.locator('#pay').getAttribute('href'),
    });
    expect(await page.locator('#pay').getAttribute('target')).toBe('_self');
    await shot('en-webview-done');
  });

  it('is blocked when framed by an origin that is not registered', async () => {
    const s = await session({ locale: 'en' });
    consoleLines.length = 0;
    // the browser reports the refused framing on the console: once it has, the frame will never render
    const refused = page.waitForEvent('console', { predicate: (m) => /frame-ancestors/.test(m.text()), timeout: 45_000 });
    await page.goto(site.pageUrl('127.0.0.1', s.embed_url));
    await refused;
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const rendered = frame
      ? await frame
          .locator('article.offer')
          .count()
          .catch(() => 0)
      : 0;
    expect(rendered).toBe(0);
    expect(frame?.url() ?? '').not.toContain('/embed/');
    expect(consoleLines.join('\n')).toMatch(/frame-ancestors/);
    expect(await received()).toEqual([]);
    await shot('blocked-unregistered-origin');
  });

  it('tells the partner page when the session has expired', async () => {
    const s = await session({ locale: 'ar' });
    env.app.clock.advance(3_600_000);
    try {
      await page.goto(site.pageUrl('localhost', s.embed_url));
      const message = await waitForMessage('expired');
      expect(message).toMatchObject({ session_id: s.id });
      await expect(page.frameLocator('#embed').locator('.notice').innerText()).resolves.toMatch(/انتهت صلاحية/);
      await shot('ar-expired');
    } finally {
      env.app.clock.advance(-3_600_000);
    }
  });
});
