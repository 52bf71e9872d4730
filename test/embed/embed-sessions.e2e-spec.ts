import { latestCode, MotorTestEnv, OWNER, quoteOtp, startMotorEnv } from '../support/motor-kit';
import { makePhotoFiles, photoForm, PhotoFiles } from '../support/photo-files';
import { signIn, StaffSession } from '../admin/admin-kit';
import { http } from '../support/http';
import { IBAN, inlineData, openSession, pathOf, registerTarget } from './embed-kit';

const SESSION_FIELDS = [
  'attachments',
  'created_at',
  'deep_link',
  'embed_url',
  'expired',
  'expires_at',
  'first_opened_at',
  'id',
  'locale',
  'parent_origin',
  'platform',
  'policy_id',
  'quote_request_id',
  'redirect_url',
];

describe('embed sessions: partner API, page API and allowed sites', () => {
  let env: MotorTestEnv;
  let partner: { id: string; token: string };
  let otp: string;
  let admin: StaffSession;
  let photos: PhotoFiles;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    partner = await env.app.partner(['motor-comprehensive-comparison', 'motor-tpl-comparison']);
    otp = await quoteOtp(env.app, partner.token);
    admin = await signIn(env.app, 'admin');
    photos = await makePhotoFiles();
    await registerTarget(admin, partner.id, 'origin', 'https://Shop.Example.com:443/');
    await registerTarget(admin, partner.id, 'app', 'acmeapp://insurance');
  });
  afterAll(() => env.close());

  const api = (path: string, opts: Parameters<typeof env.app.request>[1] = {}) =>
    env.app.request(`/api/v1/car-comp/embed-sessions${path}`, { token: partner.token, ...opts });

  describe('allowed sites and app links (admin API)', () => {
    it('normalises, lists, refuses bad and duplicate values, and audits', async () => {
      const list = await admin.call(`/admin/api/clients/${partner.id}/embed-targets`);
      expect(list.status).toBe(200);
      expect(list.body.map((t: any) => [t.kind, t.value])).toEqual([
        ['app', 'acmeapp://insurance'],
        ['origin', 'https://shop.example.com'],
      ]);

      for (const value of ['https://shop.example.com/cart', 'https://*.example.com', 'shop.example.com', 'https://shop.example.com?x=1']) {
        const bad = await admin.call(`/admin/api/clients/${partner.id}/embed-targets`, { json: { kind: 'origin', value } });
        expect(bad.status).toBe(422);
        expect(Object.keys(bad.body.details)).toEqual(['value']);
      }
      const dup = await admin.call(`/admin/api/clients/${partner.id}/embed-targets`, { json: { kind: 'origin', value: 'https://shop.example.com' } });
      expect(dup.status).toBe(422);
      expect(dup.body.details.value[0]).toMatch(/already registered/);
      expect((await admin.call(`/admin/api/clients/${partner.id}/embed-targets`, { json: { kind: 'site', value: 'x' } })).body.details).toHaveProperty('kind');

      const added = await registerTarget(admin, partner.id, 'origin', 'https://other.example.com');
      const audit = await env.app.db.prisma.auditLogEntry.findMany({ where: { action: { startsWith: 'clients.embed_target' } } });
      expect(audit.map((a) => a.action)).toContain('clients.embed_target_add');
      expect((await admin.call(`/admin/api/clients/${partner.id}/embed-targets/${added.id}`, { method: 'DELETE' })).status).toBe(204);
      expect((await admin.call(`/admin/api/clients/${partner.id}/embed-targets/${added.id}`, { method: 'DELETE' })).status).toBe(404);
      expect((await env.app.db.prisma.auditLogEntry.findMany({ where: { action: 'clients.embed_target_remove' } })).length).toBe(1);
      expect((await admin.call(`/admin/api/clients/00000000-0000-4000-8000-000000000000/embed-targets`)).status).toBe(404);
    });

    it('lets every role read but only roles that update clients change them', async () => {
      const claims = await signIn(env.app, 'claims_handler');
      expect((await claims.call(`/admin/api/clients/${partner.id}/embed-targets`)).status).toBe(200);
      expect((await claims.call(`/admin/api/clients/${partner.id}/embed-targets`, { json: { kind: 'origin', value: 'https://x.example.com' } })).status).toBe(
        403,
      );
      const manager = await signIn(env.app, 'account_manager');
      const added = await manager.call(`/admin/api/clients/${partner.id}/embed-targets`, { json: { kind: 'origin', value: 'https://manager.example.com' } });
      expect(added.status).toBe(201);
      expect((await manager.call(`/admin/api/clients/${partner.id}/embed-targets/${added.body.id}`, { method: 'DELETE' })).status).toBe(204);
    });
  });

  describe('POST /embed-sessions', () => {
    it('refuses an unregistered origin or app link, and names every bad field at once', async () => {
      const unregistered = await openSession(env, partner.token, otp, { parent_origin: 'https://evil.example.com' });
      expect(unregistered.status).toBe(422);
      expect(Object.keys(unregistered.body.details)).toEqual(['parent_origin']);
      expect(unregistered.body.details.parent_origin[0]).toMatch(/not registered/);

      const app = await openSession(env, partner.token, otp, { platform: 'webview', parent_origin: undefined, deep_link: 'acmeapp://insurance-evil/done' });
      expect(app.status).toBe(422);
      expect(Object.keys(app.body.details)).toEqual(['deep_link']);

      const several = await openSession(env, partner.token, otp, {
        platform: 'web',
        parent_origin: undefined,
        deep_link: 'acmeapp://insurance',
        locale: 'fr',
        phone: '123',
        redirect_url: 'javascript:alert(1)',
      });
      expect(several.status).toBe(422);
      expect(Object.keys(several.body.details).sort()).toEqual(['deep_link', 'locale', 'parent_origin', 'phone', 'redirect_url']);

      const badOtp = await openSession(env, partner.token, otp === '0000' ? '1111' : '0000');
      expect(badOtp.status).toBe(422);
      expect(badOtp.body.details).toHaveProperty('otp');
      expect(await env.app.db.prisma.embedSession.count()).toBe(0);
    });

    it('requests the quotes and opens an hour-long session, readable by its client only', async () => {
      const res = await openSession(env, partner.token, otp, {
        parent_origin: 'https://SHOP.example.com',
        locale: 'ar',
        redirect_url: 'https://shop.example.com/done?p=policyID',
      });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(SESSION_FIELDS);
      expect(res.body).toMatchObject({
        platform: 'web',
        parent_origin: 'https://shop.example.com',
        locale: 'ar',
        expired: false,
        deep_link: null,
        first_opened_at: null,
        attachments: null,
        policy_id: null,
      });
      expect(res.body.embed_url).toMatch(new RegExp(`^${env.app.url}/embed/[A-Za-z0-9_-]{43}$`));
      expect(Date.parse(res.body.expires_at) - env.app.clock.now().getTime()).toBe(3_600_000);

      const quotes = await env.app.request(`/api/v1/car-comp/quote-requests/${res.body.quote_request_id}`, { token: partner.token });
      expect(quotes.status).toBe(200);
      expect(quotes.body.quotes.length).toBeGreaterThan(0);

      // only the token's hash is stored
      const row = await env.app.db.prisma.embedSession.findUniqueOrThrow({ where: { id: res.body.id } });
      const token = res.body.embed_url.split('/').pop();
      expect(JSON.stringify(row)).not.toContain(token);

      const shown = await api(`/${res.body.id}`);
      expect(shown.body).toEqual(res.body);
      const other = await env.app.partner(['motor-tpl-comparison']);
      expect((await api(`/${res.body.id}`, { token: other.token })).status).toBe(404);
      expect((await api('/not-a-uuid')).status).toBe(422);

      env.app.clock.advance(3_600_000);
      expect((await api(`/${res.body.id}`)).body.expired).toBe(true);
      env.app.clock.advance(-3_600_000);
    });

    it('opens a WebView session under a registered app link', async () => {
      const res = await openSession(env, partner.token, otp, { platform: 'webview', parent_origin: undefined, deep_link: 'acmeapp://insurance/done?order=7' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ platform: 'webview', parent_origin: null, deep_link: 'acmeapp://insurance/done?order=7' });
      const page = await http(res.body.embed_url);
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(page.headers.get('x-frame-options')).toBe('DENY');
    });
  });

  describe('the page', () => {
    it('is framed only by the registered origin, carries its offers inline, and records the first opening', async () => {
      const session = (await openSession(env, partner.token, otp)).body;
      const page = await http(session.embed_url, { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = page.headers.get('content-security-policy')!;
      expect(csp).toMatch(/(^|; )frame-ancestors https:\/\/shop\.example\.com(;|$)/);
      expect(csp).toContain("script-src 'self'");
      expect(page.headers.get('x-frame-options')).toBeNull();
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      const data = inlineData(page.text);
      expect(data).toMatchObject({ state: 'open', session_id: session.id, parent_origin: 'https://shop.example.com', platform: 'web', locale: 'en' });
      expect(data.view.quotes.length).toBeGreaterThan(0);
      expect(data.view.phone).toBe('05******78');
      expect(page.text).not.toContain(OWNER.owner_id);
      const opened = (await api(`/${session.id}`)).body.first_opened_at;
      expect(Date.parse(opened)).toBe(env.app.clock.now().getTime());
      env.app.clock.advance(1000);
      await http(session.embed_url);
      expect((await api(`/${session.id}`)).body.first_opened_at).toBe(opened);

      expect((await http(`${env.app.url}/embed/${'A'.repeat(43)}`)).status).toBe(404);
      expect((await http(`${env.app.url}/embed/${'A'.repeat(43)}/session`)).status).toBe(404);

      // the token never reaches the logs
      const token = session.embed_url.split('/').pop();
      expect(env.app.rawLogs()).not.toContain(token);
      expect(env.app.rawLogs()).toContain('/embed/***');
    });

    it('stops framing on a site removed from the list', async () => {
      const extra = await registerTarget(admin, partner.id, 'origin', 'https://removed.example.com');
      const session = (await openSession(env, partner.token, otp, { parent_origin: 'https://removed.example.com' })).body;
      expect((await http(session.embed_url)).status).toBe(200);
      await admin.call(`/admin/api/clients/${partner.id}/embed-targets/${extra.id}`, { method: 'DELETE' });
      const page = await http(session.embed_url);
      expect(page.status).toBe(403);
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });

    it('shows nothing once the partner deleted the quote request', async () => {
      const session = (await openSession(env, partner.token, otp)).body;
      expect((await env.app.request(`/api/v1/car-comp/quote-requests/${session.quote_request_id}`, { method: 'DELETE', token: partner.token })).status).toBe(
        200,
      );
      const page = await http(session.embed_url);
      expect(page.status).toBe(404);
      expect(inlineData(page.text)).toEqual({ state: 'missing' });
      expect((await env.app.request(`${pathOf(session.embed_url)}/session`)).status).toBe(404);
    });

    it('answers 410 once the hour is over, on the page and its API', async () => {
      const session = (await openSession(env, partner.token, otp)).body;
      const base = pathOf(session.embed_url);
      env.app.clock.advance(3_600_000);
      try {
        const page = await http(session.embed_url);
        expect(page.status).toBe(410);
        expect(inlineData(page.text)).toMatchObject({ state: 'expired', session_id: session.id });
        expect(page.headers.get('content-security-policy')).toContain('frame-ancestors https://shop.example.com');
        const view = await env.app.request(`${base}/session`);
        expect(view.status).toBe(410);
        expect(view.body.code).toBe('41001');
        expect((await api(`/${session.id}/photos`, { body: photoForm(undefined, await photos.set(1)) })).status).toBe(410);
      } finally {
        env.app.clock.advance(-3_600_000);
      }
    });

    it('rate-limits the page API per session', async () => {
      const session = (await openSession(env, partner.token, otp)).body;
      const base = pathOf(session.embed_url);
      let last = 0;
      for (let i = 0; i < 61; i++) last = (await env.app.request(`${base}/session`)).status;
      expect(last).toBe(429);
      const fresh = (await openSession(env, partner.token, otp)).body;
      expect((await env.app.request(`${pathOf(fresh.embed_url)}/session`)).status).toBe(200);
    });
  });

  describe('photos', () => {
    it('checks all five with the attachment rules and replaces the stored set on a repeat call', async () => {
      const session = (await openSession(env, partner.token, otp)).body;
      const set1 = await photos.set(3);

      const missing = await api(`/${session.id}/photos`, { body: photoForm(undefined, { ...set1, chassis: undefined }) });
      expect(missing.status).toBe(422);
      expect(Object.keys(missing.body.details)).toEqual(['chassis']);
      const withPrice = await api(`/${session.id}/photos`, { body: photoForm('6c7c18a7-0000-4000-8000-000000000000', set1) });
      expect(withPrice.status).toBe(422);
      expect(withPrice.body.details.quote_price_id).toEqual(['The quote_price_id field is not allowed.']);
      const bad = await api(`/${session.id}/photos`, { body: photoForm(undefined, { ...set1, front: photos.text, back: photos.oversizePng }) });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.details)).toEqual(['front', 'back']);
      expect(await env.app.db.prisma.storedFile.count({ where: { clientId: partner.id } })).toBe(0);

      const first = await api(`/${session.id}/photos`, { body: photoForm(undefined, set1) });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ id: session.id, quote_request_id: session.quote_request_id, attachments: expect.any(Object) });
      expect(Object.keys(first.body.attachments)).toEqual(['front', 'back', 'right', 'left', 'chassis']);
      const firstFront = await http(first.body.attachments.front, { token: partner.token });
      expect(firstFront.status).toBe(200);

      const second = await api(`/${session.id}/photos`, { body: photoForm(undefined, await photos.set(4)) });
      expect(second.status).toBe(200);
      expect(second.body.attachments.front).not.toBe(first.body.attachments.front);
      expect((await api(`/${session.id}`)).body.attachments).toEqual(second.body.attachments);
      // the replaced set is gone, the new one served
      expect((await http(first.body.attachments.front, { token: partner.token })).status).toBe(404);
      expect((await http(second.body.attachments.front, { token: partner.token })).status).toBe(200);
      expect((await http(second.body.attachments.front)).status).toBe(401);
      expect(await env.app.db.prisma.storedFile.count({ where: { clientId: partner.id } })).toBe(5);
      // nothing went to an insurer
      expect(await env.app.db.prisma.motorPhotoRegistration.count({ where: { quoteRequestId: session.quote_request_id } })).toBe(0);

      const other = await env.app.partner(['motor-tpl-comparison']);
      expect((await api(`/${session.id}/photos`, { token: other.token, body: photoForm(undefined, set1) })).status).toBe(404);
    });
  });

  describe('buying in the page', () => {
    const newCode = async () => latestCode(env.app, partner.token, OWNER.phone);

    it('issues a TPL policy with add-ons and hands back the payment link, once per session', async () => {
      const session = (await openSession(env, partner.token, otp, { redirect_url: 'https://shop.example.com/done?p=policyID' })).body;
      const base = pathOf(session.embed_url);
      const view = (await env.app.request(`${base}/session`)).body;
      const offer =
        view.quotes.find((q: any) => q.type !== 'Comprehensive' && q.benefits.some((b: any) => b.amount > 0)) ??
        view.quotes.find((q: any) => q.type !== 'Comprehensive');
      const paid = offer.benefits.filter((b: any) => b.amount > 0).slice(0, 1);
      const sel = { quote_reference_id: offer.quote_reference_id, quote_price_id: offer.prices[0].quote_price_id };

      const badIban = await env.app.request(`${base}/issue-otp`, { json: { ...sel, iban: 'SA0380000000608010167510' } });
      expect(badIban.status).toBe(422);
      expect(Object.keys(badIban.body.details)).toEqual(['iban']);
      const foreign = await env.app.request(`${base}/issue-otp`, { json: { ...sel, quote_request_id: 1, iban: IBAN } });
      expect(foreign.status).toBe(422);
      expect(foreign.body.details).toHaveProperty('quote_request_id');

      env.app.clock.advance(61_000);
      expect((await env.app.request(`${base}/issue-otp`, { json: { ...sel, iban: IBAN } })).status).toBe(204);
      const code = await newCode();
      const wrong = await env.app.request(`${base}/policies`, { json: { ...sel, otp: code === '0000' ? '1111' : '0000' } });
      expect(wrong.status).toBe(422);
      const res = await env.app.request(`${base}/policies`, { json: { ...sel, otp: code, benefits: paid.map((b: any) => b.quote_benefit_id) } });
      expect(res.status).toBe(201);
      expect(res.body.payment_link).toMatch(new RegExp(`^${env.app.url}/pay/`));
      const expected =
        Math.round(offer.prices[0].total * 100) + paid.reduce((s: number, b: any) => s + Math.round(b.amount * 100) + Math.round(b.vat * 100), 0);
      expect(Math.round(res.body.price * 100)).toBe(expected);
      expect(res.body.meta_data.extra_data).toEqual({ embed_session_id: session.id });

      const stored = await env.app.db.prisma.motorPolicy.findUniqueOrThrow({ where: { id: res.body.id } });
      expect(stored).toMatchObject({ iban: IBAN, redirectUrl: 'https://shop.example.com/done?p=policyID', clientId: partner.id });
      expect((await api(`/${session.id}`)).body.policy_id).toBe(res.body.id);
      expect((await env.app.request(`${base}/session`)).body.policy).toMatchObject({ id: res.body.id, payment_link: res.body.payment_link });

      // one policy per session
      const other = view.quotes.find((q: any) => q.type !== 'Comprehensive' && q.quote_reference_id !== offer.quote_reference_id);
      const again = await env.app.request(`${base}/issue-otp`, {
        json: { quote_reference_id: other.quote_reference_id, quote_price_id: other.prices[0].quote_price_id, iban: IBAN },
      });
      expect(again.status).toBe(409);
      expect((await api(`/${session.id}/photos`, { body: photoForm(undefined, await photos.set(5)) })).status).toBe(409);
    });

    it('issues one policy per session even when two prices are confirmed at once', async () => {
      const session = (await openSession(env, partner.token, otp)).body;
      const base = pathOf(session.embed_url);
      const tpl = (await env.app.request(`${base}/session`)).body.quotes.filter((q: any) => q.type !== 'Comprehensive').slice(0, 2);
      const confirmations = [];
      for (const offer of tpl) {
        const sel = { quote_reference_id: offer.quote_reference_id, quote_price_id: offer.prices[0].quote_price_id };
        env.app.clock.advance(61_000);
        expect((await env.app.request(`${base}/issue-otp`, { json: { ...sel, iban: IBAN } })).status).toBe(204);
        confirmations.push({ ...sel, otp: await newCode() });
      }
      const results = await Promise.all(confirmations.map((json) => env.app.request(`${base}/policies`, { json })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const policies = await env.app.db.prisma.motorPolicy.findMany({ where: { quoteRequestId: session.quote_request_id } });
      expect(policies).toHaveLength(1);
      expect((await api(`/${session.id}`)).body.policy_id).toBe(policies[0].id);
    });

    it('registers the stored photos with the insurer of the comprehensive quote picked, after the customer confirms them', async () => {
      const session = (await openSession(env, partner.token, otp)).body;
      const base = pathOf(session.embed_url);
      const view = (await env.app.request(`${base}/session`)).body;
      const offer = view.quotes.find((q: any) => q.type === 'Comprehensive');
      const sel = { quote_reference_id: offer.quote_reference_id, quote_price_id: offer.prices[0].quote_price_id, iban: IBAN };

      const noPhotos = await env.app.request(`${base}/issue-otp`, { json: sel });
      expect(noPhotos.status).toBe(422);
      expect(noPhotos.body.details.quote_price_id[0]).toMatch(/five vehicle photos/);

      const upload = await env.app.request(`${base}/photos`, { body: photoForm(undefined, await photos.set(6)) });
      expect(upload.status).toBe(200);
      const unconfirmed = await env.app.request(`${base}/issue-otp`, { json: sel });
      expect(unconfirmed.status).toBe(422);
      expect(Object.keys(unconfirmed.body.details)).toEqual(['photos_confirmed']);
      expect(await env.app.db.prisma.motorPhotoRegistration.count({ where: { quoteRequestId: session.quote_request_id } })).toBe(0);

      env.app.clock.advance(61_000);
      expect((await env.app.request(`${base}/issue-otp`, { json: { ...sel, photos_confirmed: true } })).status).toBe(204);
      const registrations = await env.app.db.prisma.motorPhotoRegistration.findMany({ where: { quoteRequestId: session.quote_request_id } });
      expect(registrations.map((r) => r.insurerCode)).toEqual([expect.any(String)]);
      expect(registrations[0].priceId).toBe(offer.prices[0].quote_price_id);
      // a new code for the same pick does not send the same photos again
      env.app.clock.advance(61_000);
      expect((await env.app.request(`${base}/issue-otp`, { json: { ...sel, photos_confirmed: true } })).status).toBe(204);
      expect(await env.app.db.prisma.motorPhotoRegistration.count({ where: { quoteRequestId: session.quote_request_id } })).toBe(1);

      const res = await env.app.request(`${base}/policies`, {
        json: { quote_reference_id: sel.quote_reference_id, quote_price_id: sel.quote_price_id, otp: await newCode() },
      });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe(0);
      const policy = await env.app.db.prisma.motorPolicy.findUniqueOrThrow({ where: { id: res.body.id } });
      expect(policy.productCode).toBe('motor-comprehensive-comparison');
    });
  });
});
