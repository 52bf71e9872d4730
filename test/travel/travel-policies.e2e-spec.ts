import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { browse } from '../payments/payment-kit';
import { eventually, payLink, PDF } from '../life/life-kit';
import { auditRows, signIn, signInEveryRole, type StaffSession } from '../admin/admin-kit';
import type { StaffRole } from '../../libs/common/src/permissions';
import { traveller, TRAVEL, travelPolicy, travelQuote } from './travel-kit';

const DAY = 86_400_000;

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'travel-pdf-'));
  writeFileSync(join(dir, 'doc.pdf'), bytes);
  // pdftotext marks right-to-left runs with bidi controls; the checks read the Latin text between them.
  return execFileSync('pdftotext', ['-layout', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' }).replace(/[\u200e\u200f\u202a-\u202e]/g, '');
}

describe('travel policies: purchase, payment, documents, cancellation, claims, console', () => {
  let env: MotorTestEnv;
  let token: string;
  let staff: Record<StaffRole, StaffSession>;
  const show = (id: number, t = token) => env.app.request(`${TRAVEL}/policies/${id}`, { token: t });
  const cancel = (id: number, json?: unknown, t = token) =>
    env.app.request(`${TRAVEL}/policies/${id}/cancellation`, { token: t, method: 'POST', ...(json ? { json } : {}) });
  const paid = async (over: Record<string, unknown> = {}, redirect?: string) => {
    const p = await travelPolicy(env, token, over, redirect);
    await payLink(p.payment_link);
    return eventually(async () => {
      const s = (await show(p.id)).body;
      return s.status === 1 && s.policy_url ? s : null;
    });
  };

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    token = (await env.app.partner(['travel'])).token;
    staff = await signInEveryRole(env.app);
  });
  afterAll(() => env.close());

  it('purchases a quote (200, status 0, payment link; policyID replaced in redirect_url) and pays it: the insurer issues it, the certificate and invoice follow', async () => {
    const quote = await travelQuote(env, token);
    const res = await env.app.request(`${TRAVEL}/policies`, {
      token,
      json: { quote_id: quote.quote_id, redirect_url: 'https://shop.example.com/done?policy=policyID' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 0,
      product_id: 10,
      quote_id: quote.quote_id,
      price: 92,
      provider_policy_id: null,
      policy_url: null,
      invoice_url: null,
      start_date: '2026-11-29',
      end_date: '2026-12-08',
      meta_data: {
        quote_id: quote.quote_id,
        price: 92,
        duration: 10,
        multi_entry: false,
        nationality_id: '1012345678',
        phone_number: '+966501234567',
        travellers: [traveller()],
      },
    });
    expect(res.body.payment_link).toMatch(new RegExp(`^${env.app.url}/pay/`));
    // policyID is the policy's id in the answer, Show Policy and the list, not only on the customer's landing
    const landing = `https://shop.example.com/done?policy=${res.body.id}`;
    expect(res.body.redirect_url).toBe(landing);
    expect((await show(res.body.id)).body.redirect_url).toBe(landing);
    const inList = (await env.app.request(`${TRAVEL}/policies?per_page=100`, { token })).body.data.find((p: any) => p.id === res.body.id);
    expect(inList.redirect_url).toBe(landing);

    const page = await browse(res.body.payment_link);
    expect(page.text).toContain('Schengen travel insurance');
    expect(page.text).toContain('92.00');

    await payLink(res.body.payment_link);
    const active = await eventually(async () => {
      const s = (await show(res.body.id)).body;
      return s.status === 1 && s.invoice_url ? s : null;
    });
    expect(active).toMatchObject({ payment_link: null, purchased_at: '2026-11-22T09:00:00.000000Z' });
    expect(active.provider_policy_id).toMatch(/^\d+$/);
    expect(active.provider_policy).toBe(active.policy_url);
    expect(active.invoice).toBe(active.invoice_url);

    const certificate = pdfText(Buffer.from(await (await fetch(active.policy_url, { headers: { Authorization: `Bearer ${token}` } })).arrayBuffer()));
    expect(certificate).toContain(active.provider_policy_id);
    expect(certificate).toContain('Sara Alqahtani');
    expect(certificate).toContain('G12345678');
    expect(certificate).toContain('2026-12-08');
    expect(certificate).toContain('EUR 30,000');
    const invoice = pdfText(Buffer.from(await (await fetch(active.invoice_url, { headers: { Authorization: `Bearer ${token}` } })).arrayBuffer()));
    expect(invoice).toMatch(/Adult \(18 to 64\), 1 x 55\.00\s+55\.00/);
    expect(invoice).toMatch(/Policy fee\s+25\.00/);
    expect(invoice).toMatch(/VAT 15%\s+12\.00/);
    expect(invoice).toMatch(/Total with VAT, SAR\s+92\.00/);
    expect(invoice).toMatch(/VAT registration number\s+300000000400003/);

    const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'travel', policyId: res.body.id } });
    expect(payment).toMatchObject({ status: 'paid' });
    const listed = await env.app.request('/api/v1/payments?per_page=100', { token });
    expect(listed.body.data.find((p: any) => p.policy_type === 'travel' && p.policy_id === res.body.id)).toMatchObject({ status: 'paid', amount: 92 });
  });

  it("is served under /purchase and the guide's base path too; a quote is bought once (409); an expired quote is refused", async () => {
    const a = await travelQuote(env, token);
    const b = await travelQuote(env, token);
    expect((await env.app.request(`${TRAVEL}/purchase`, { token, json: { quote_id: a.quote_id } })).status).toBe(200);
    expect((await env.app.request(TRAVEL, { token, json: { quote_id: b.quote_id } })).status).toBe(200);
    const twice = await env.app.request(`${TRAVEL}/policies`, { token, json: { quote_id: a.quote_id } });
    expect(twice.status).toBe(409);
    expect(await env.app.db.prisma.travelPolicy.count({ where: { quoteId: a.quote_id } })).toBe(1);

    const late = await travelQuote(env, token);
    env.app.clock.advance(48 * 3_600_000 + 1000);
    try {
      const res = await env.app.request(`${TRAVEL}/policies`, { token, json: { quote_id: late.quote_id } });
      expect(res.status).toBe(422);
      expect(res.body.details.quote_id[0]).toMatch(/^The quote expired at/);
    } finally {
      env.app.clock.advance(-(48 * 3_600_000 + 1000));
    }
    const bad = await env.app.request(`${TRAVEL}/policies`, { token, json: { quote_id: a.quote_id, redirect_url: 'javascript:alert(1)', extra: 1 } });
    expect([bad.status, Object.keys(bad.body.details).sort()]).toEqual([422, ['extra', 'redirect_url']]);
  });

  it("the customer's return lands on the partner's redirect with the policy id", async () => {
    const p = await travelPolicy(env, token, {}, 'https://shop.example.com/travel/done?policy=policyID');
    const { payWithCard, CARDS } = await import('../payments/payment-kit');
    const hops = await payWithCard(p.payment_link, CARDS.success);
    const back = await browse(hops.submitted.location!);
    expect(back.status).toBe(303);
    expect(back.location).toBe(`https://shop.example.com/travel/done?policy=${p.id}`);
  });

  it('cancels a paid policy before the trip with a full refund through the card vendor; twice is 400 40010', async () => {
    const active = await paid();
    const res = await cancel(active.id, { reason: 'Visa refused' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 2, refund_amount: 92, payment_link: null });
    expect(res.body.canceled_at).toBe('2026-11-22T09:00:00.000000Z');
    const refund = await eventually(async () => {
      const r = await env.app.db.prisma.refund.findFirst({ where: { policyType: 'travel', policyId: active.id } });
      return r?.status === 'succeeded' ? r : null;
    });
    expect(refund.amount.toFixed(2)).toBe('92.00');
    const again = await cancel(active.id);
    expect([again.status, again.body.code]).toEqual([400, '40010']);
  });

  it('refuses to cancel once the trip has started (409), and cancels an unpaid one without refund, its link answering 410', async () => {
    const active = await paid();
    env.app.clock.advance(7 * DAY);
    try {
      const res = await cancel(active.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/started on 2026-11-29/);
      expect((await show(active.id)).body.status).toBe(1);
    } finally {
      env.app.clock.advance(-7 * DAY);
    }

    const unpaid = await travelPolicy(env, token);
    const res = await cancel(unpaid.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 2, refund_amount: null, payment_link: null });
    expect((await browse(unpaid.payment_link)).status).toBe(410);
    expect(await env.app.db.prisma.refund.count({ where: { policyType: 'travel', policyId: unpaid.id } })).toBe(0);
  });

  it("claims: within the trip's days on a paid policy, with the travel claim types and limits", async () => {
    const active = await paid();
    const form = (fields: Record<string, string>, withDoc = true) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.append(k, v);
      if (withDoc) f.append('documents', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'report.pdf');
      return f;
    };
    const claim = (fields: Record<string, string>) => env.app.request(`${TRAVEL}/policies/${active.id}/claims`, { token, method: 'POST', body: form(fields) });
    const base = {
      claim_type: 'lost_baggage',
      incident_date: '2026-12-01',
      description: 'Suitcase lost at Munich (Sara Alqahtani).',
      requested_amount: '1800',
    };

    const early = await claim({ ...base, incident_date: '2026-11-22' });
    expect([early.status, Object.keys(early.body.details)]).toEqual([422, ['incident_date']]);
    env.app.clock.advance(10 * DAY);
    try {
      const res = await claim(base);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ claim_type: 'lost_baggage', requested_amount: '1800.00', policy_id: active.id });
      const tooMuch = await claim({ ...base, requested_amount: '2500.01' });
      expect([tooMuch.status, Object.keys(tooMuch.body.details)]).toEqual([422, ['requested_amount']]);
      const wrongType = await claim({ ...base, claim_type: 'vet_fees' });
      expect([wrongType.status, Object.keys(wrongType.body.details)]).toEqual([422, ['claim_type']]);
      for (const type of ['medical_emergency', 'trip_delay', 'other'])
        expect((await claim({ ...base, claim_type: type, requested_amount: '500' })).status).toBe(201);
      const after = await claim({ ...base, incident_date: '2026-12-09' });
      expect([after.status, Object.keys(after.body.details)]).toEqual([422, ['incident_date']]);
      const listed = await env.app.request(`${TRAVEL}/policies/${active.id}/claims`, { token });
      expect(listed.body.total).toBe(4);
      // a claims handler files one in the console for a customer who called, and finds travel claims in the inbox
      // (a fresh sign-in: ten days on, yesterday's session has ended)
      const handler = await signIn(env.app, 'claims_handler');
      const filed = await handler.call('/admin/api/claims', {
        json: {
          product_family: 'travel',
          policy_id: active.id,
          claim_type: 'trip_delay',
          incident_date: '2026-12-02',
          description: 'Flight delayed 9 hours (Sara Alqahtani).',
          requested_amount: '400',
        },
      });
      expect([filed.status, filed.body.product_family]).toEqual([201, 'travel']);
      const inbox = await handler.call(`/admin/api/claims?filter=${encodeURIComponent(JSON.stringify({ product_family: 'travel', policy_id: active.id }))}`);
      expect(inbox.body).toHaveLength(5);
      const shown = await env.app.request(`${TRAVEL}/policies/${active.id}/claims/${res.body.id}`, { token });
      expect(shown.body.id).toBe(res.body.id);
    } finally {
      env.app.clock.advance(-10 * DAY);
    }
    const unpaid = await travelPolicy(env, token);
    const none = await env.app.request(`${TRAVEL}/policies/${unpaid.id}/claims`, { token, method: 'POST', body: form(base) });
    expect(none.status).toBe(422);
    expect(none.body.details.policy_id).toEqual(['The policy was never paid, so it has no cover to claim on.']);
  });

  it("lists the client's own policies (paginator, status filter); another client's are 404 and cannot be cancelled or claimed on", async () => {
    const other = (await env.app.partner(['travel'])).token;
    const theirs = await travelPolicy(env, other);
    const mine = await env.app.request(`${TRAVEL}/policies?per_page=100`, { token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(3);
    expect(mine.body.data.some((p: any) => p.id === theirs.id)).toBe(false);
    const pending = await env.app.request(`${TRAVEL}/policies?status=0&per_page=100`, { token });
    expect(pending.body.data.every((p: any) => p.status === 0)).toBe(true);
    expect((await show(theirs.id)).status).toBe(404);
    expect((await cancel(theirs.id)).status).toBe(404);
    expect((await env.app.request(`${TRAVEL}/policies/${theirs.id}/claims`, { token })).status).toBe(404);
    expect((await env.app.request(`${TRAVEL}/policies?status=7`, { token })).status).toBe(422);
  });

  it('console: every role reads travel policies, personal data masked without read_pii; operations cancel with a reason, audited; others may not', async () => {
    const p = await travelPolicy(env, token, { travellers: [traveller({ full_name: 'Nora Alharbi', passport_number: 'K98765432' })] });
    const asAm = await staff.account_manager.call(`/admin/api/travel-policies/${p.id}`);
    expect(asAm.status).toBe(200);
    expect(asAm.body.meta_data.travellers[0].full_name).toBe('No********bi');
    expect(asAm.body.meta_data.nationality_id).toBe('10******78');
    const asClaims = await staff.claims_handler.call(`/admin/api/travel-policies/${p.id}`);
    expect(asClaims.body.meta_data.travellers[0].passport_number).toBe('K98765432');
    const list = await staff.operations.call(`/admin/api/travel-policies?filter=${encodeURIComponent(JSON.stringify({ status: 0 }))}&range=[0,9]`);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toMatch(/^travel-policies 0-\d+\/\d+$/);
    expect(list.body.every((r: any) => r.status === 0)).toBe(true);

    expect((await staff.claims_handler.call(`/admin/api/travel-policies/${p.id}/cancel`, { json: { reason: 'x' } })).status).toBe(403);
    const res = await staff.operations.call(`/admin/api/travel-policies/${p.id}/cancel`, { json: { reason: 'Customer called: trip postponed' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(2);
    const audit = (await auditRows(env.app)).filter((r) => r.action === 'travel-policies.cancel' && r.resourceId === String(p.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      role: 'operations',
      before: { status: 0 },
      after: { status: 2, refund_amount: null, reason: 'Customer called: trip postponed' },
    });
  });

  it('the dashboard counts travel policies and their paid premium less refunds', async () => {
    const before = (await staff.admin.call('/admin/api/dashboard?days=7')).body;
    const active = await paid();
    const after = (await staff.admin.call('/admin/api/dashboard?days=7')).body;
    expect(after.sources).toContain('travel');
    expect(Number(after.premium_volume) - Number(before.premium_volume)).toBeCloseTo(active.price, 2);
    expect(after.counters.policies_total - before.counters.policies_total).toBe(1);
  });
});
