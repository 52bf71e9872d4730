import { http } from '../sandbox/sandbox-test-kit';
import { MotorTestEnv, quoteBody, quoteOtp, startMotorEnv } from '../support/motor-kit';
import { http as request } from '../support/http';
import { signIn } from '../admin/admin-kit';
import { browserAvailable, launchBrowser } from '../console/browser';
import { openEventStream } from '../motor/event-stream-client';
import { inlineData, pathOf, registerTarget } from './embed-kit';
import { startPartnerSite } from './partner-site';

/** A session opened with Prefer: respond-async: the page opens while insurers answer and shows their offers as they come. */
describe('embed sessions opened progressively (Prefer: respond-async)', () => {
  let env: MotorTestEnv;
  let partner: { id: string; token: string };
  let otp: string;
  let sitePort: number;
  let closeSite: () => Promise<void>;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { MOTOR_INSURER_TIMEOUT_MS: '20000', MOTOR_QUOTE_DEADLINE_MS: '25000', RATE_LIMIT_DEFAULT_PER_MINUTE: '1000' } });
    partner = await env.app.partner(['motor-comprehensive-comparison', 'motor-tpl-comparison']);
    otp = await quoteOtp(env.app, partner.token);
    const site = await startPartnerSite(new URL(env.app.url).origin);
    sitePort = site.port;
    closeSite = site.close;
    const admin = await signIn(env.app, 'operations');
    await registerTarget(admin, partner.id, 'origin', `http://localhost:${site.port}`);
  });
  afterAll(async () => {
    await closeSite?.();
    await env?.close();
  });
  afterEach(() => http('POST', `${env.sandbox.baseUrl}/__control/reset`));

  const open = (over: Record<string, unknown> = {}, prefer = 'respond-async') =>
    env.app.request('/api/v1/car-comp/embed-sessions', {
      token: partner.token,
      json: { ...quoteBody(otp), platform: 'web', parent_origin: `http://localhost:${sitePort}`, locale: 'en', ...over },
      headers: { Prefer: prefer },
    });

  it('opens before the slow insurer answers; the page and its event stream carry the offers as they arrive', async () => {
    await http('PUT', `${env.sandbox.baseUrl}/__control/insurers/dune`, { latency_ms: 4000 });
    const res = await open();
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('respond-async');
    const quoteRequestId = res.body.quote_request_id;
    const shown = await env.app.request(`/api/v1/car-comp/quote-requests/${quoteRequestId}`, { token: partner.token });
    expect(shown.body.insurers.find((i: any) => i.code === 'dune').state).toBe('pending');

    const page = await request(res.body.embed_url);
    expect(page.status).toBe(200);
    const data = inlineData(page.text);
    expect(data.view.status).toBe('in_progress');
    expect(data.view.pending).toContain('dune');
    // the logos of offers still to come are allowed already
    expect(page.headers.get('content-security-policy')).toContain(`img-src 'self' data: blob: ${env.sandbox.baseUrl}`);

    const events = await (await openEventStream(`${env.app.url}${pathOf(res.body.embed_url)}/events`)).rest();
    expect(events.at(-1)).toMatchObject({ event: 'complete', data: { status: 'complete' } });
    const answers = events.filter((e) => e.event === 'insurer');
    expect(answers.at(-1)!.data.code).toBe('dune');
    const view = (await env.app.request(`${pathOf(res.body.embed_url)}/session`)).body;
    expect(view).toMatchObject({ status: 'complete', pending: [] });
    expect(view.quotes.map((q: any) => q.quote_reference_id).sort()).toEqual(
      answers.flatMap((e) => e.data.quotes.map((q: any) => q.quote_reference_id)).sort(),
    );
  });

  it("refuses a bad field with 422 as without the preference, and an unknown session's stream with 404", async () => {
    const bad = await open({ phone: '123' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details)).toEqual(['phone']);
    expect(bad.headers.get('preference-applied')).toBeNull();
    expect((await openEventStream(`${env.app.url}/embed/${'A'.repeat(43)}/events`)).status).toBe(404);
  });

  (browserAvailable() ? it : it.skip)(
    "shows the fast insurers' offers in the browser while the slow one is still answering, then its offers too",
    async () => {
      // the browser first, and a latency long enough that even a busy machine renders the page before dune answers
      const browser = await launchBrowser();
      try {
        const page = await browser.context.newPage();
        await http('PUT', `${env.sandbox.baseUrl}/__control/insurers/dune`, { latency_ms: 15_000 });
        const res = await open();
        expect(res.status).toBe(201);
        await page.goto(`http://localhost:${sitePort}/checkout?src=${encodeURIComponent(res.body.embed_url)}`);
        const frame = page.frameLocator('#embed');
        await frame.locator('article.offer').first().waitFor({ timeout: 45_000 });
        // rendered while dune was still answering: the fast insurers' offers on screen, and the page says it waits for more
        const rendered = JSON.parse((await frame.locator('#embed-data').textContent({ timeout: 45_000 }))!);
        expect(rendered.view.status).toBe('in_progress');
        expect(rendered.view.quotes.some((q: any) => q.company_name === 'Dune Cooperative Insurance')).toBe(false);
        await frame.locator('#waiting').waitFor({ timeout: 45_000 });
        await frame.locator('h3', { hasText: 'Dune Cooperative Insurance' }).first().waitFor({ timeout: 45_000 });
        await frame.locator('#waiting').waitFor({ state: 'detached', timeout: 45_000 });
        const done = (await env.app.request(`/api/v1/car-comp/quote-requests/${res.body.quote_request_id}`, { token: partner.token })).body;
        expect(done.status).toBe('complete');
        expect(await frame.locator('article.offer').count()).toBe(done.quotes.length);
        // '#waiting' goes with the last insurer's answer; the stream's end, which tells the host page, comes after it
        await page.waitForFunction(() => (window as unknown as { received: any[] }).received.some((m) => m.type === 'offers_complete'), undefined, {
          timeout: 45_000,
        });
        const received = await page.evaluate(() => (window as unknown as { received: any[] }).received.map((m) => m.type));
        expect(received.filter((t) => t === 'offers_complete')).toHaveLength(1);
      } finally {
        await browser.close();
      }
    },
    150_000,
  );
});
