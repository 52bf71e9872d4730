import { signIn } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { startTestApp } from '../support/test-app';
import { PolicyDocumentsWorker } from '../../apps/api/src/payments/policy-documents.worker';
import { portalUser, resetPortalKit } from '../portal/portal-kit';
import { browse, CARDS, issueMotorPolicy, motorQuote, payWithCard } from './payment-kit';

const PAYMENT_FIELDS = [
  'amount',
  'created_at',
  'currency',
  'expires_at',
  'failure_code',
  'id',
  'paid_at',
  'payment_link',
  'policy_id',
  'policy_type',
  'refunded_amount',
  'refunds',
  'status',
  'status_message',
  'status_reason',
  'updated_at',
  'vendor_reference',
];

describe('payment records: GET /payments, the console, documents after a restart', () => {
  let env: MotorTestEnv;
  let token: string;
  let clientId: string;
  let quote: any;
  const used = new Set<string>();
  let paidPolicy: any;
  let pendingPolicy: any;
  let failedPolicy: any;

  beforeAll(async () => {
    // no due events on a timer: a lapsed link stays unwritten until its lapse fires, as between two polls
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', POLICY_DOCUMENTS_POLL_MS: '0', DUE_EVENTS_POLL_MS: '0' } });
    ({ token, id: clientId } = await env.app.partner(['motor-tpl-comparison']));
    resetPortalKit();
    quote = await motorQuote(env, token);
    paidPolicy = (await issueMotorPolicy(env, token, quote, used)).policy;
    await browse((await payWithCard(paidPolicy.payment_link, CARDS.success)).submitted.location!);
    failedPolicy = (await issueMotorPolicy(env, token, quote, used)).policy;
    await browse((await payWithCard(failedPolicy.payment_link, CARDS.declined)).submitted.location!);
    env.app.clock.advance(25 * 3600_000); // the next payment is created a day later
    pendingPolicy = (await issueMotorPolicy(env, token, quote, used)).policy;
  });
  afterAll(() => env.close());

  const list = (query = '', t = token) => env.app.request(`/api/v1/payments${query}`, { token: t });

  it("lists the client's payments newest first in the paginator envelope", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('120');
    expect(res.body).toMatchObject({ current_page: 1, per_page: 15, total: 3, last_page: 1, from: 1, to: 3 });
    expect(res.body.data.map((p: any) => p.policy_id)).toEqual([pendingPolicy.id, failedPolicy.id, paidPolicy.id]);
    const [pending, failed, paid] = res.body.data;
    expect(Object.keys(paid).sort()).toEqual(PAYMENT_FIELDS);
    // the first two links were created a day ago: past their 24 hours
    expect(paid).toMatchObject({ status: 'paid', currency: 'SAR', amount: paidPolicy.price, policy_type: 'motor', payment_link: null, failure_code: null });
    expect(paid.vendor_reference).toMatch(/^vp_/);
    expect(paid.paid_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(failed).toMatchObject({ status: 'expired', failure_code: 'card_declined', payment_link: null });
    expect(pending).toMatchObject({ status: 'pending', payment_link: pendingPolicy.payment_link, paid_at: null, amount: pendingPolicy.price });
    // the spec's index path answers the same; both are documented
    expect((await env.app.request('/payments', { token })).body.total).toBe(3);
    const doc = (await env.app.request('/openapi.json')).body;
    expect(doc.paths['/api/v1/payments'].get.tags).toEqual(['Payments']);
    expect(Object.keys(doc.paths['/api/v1/payments'].get.responses)).toEqual(expect.arrayContaining(['200', '401', '422', '429']));
    expect(doc.paths['/payments'].get).toBeDefined();
  });

  it('filters by status and creation date, pages, and refuses bad filters naming them', async () => {
    expect((await list('?status=paid')).body.data.map((p: any) => p.policy_id)).toEqual([paidPolicy.id]);
    expect((await list('?status=pending')).body.data.map((p: any) => p.policy_id)).toEqual([pendingPolicy.id]);
    expect((await list('?date_from=2026-11-23')).body.data.map((p: any) => p.policy_id)).toEqual([pendingPolicy.id]);
    expect((await list('?date_to=2026-11-22')).body.total).toBe(2);
    const paged = await list('?per_page=2&page=2&status=expired');
    expect(paged.body).toMatchObject({ current_page: 2, per_page: 2, total: 1, data: [] });
    expect(paged.body.first_page_url).toContain('status=expired');
    const bad = await list('?status=done&date_from=2026-13-01&date_to=2026-11-01&color=red');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(expect.arrayContaining(['status', 'date_from']));
    const order = await list('?date_from=2026-11-25&date_to=2026-11-24');
    expect(Object.keys(order.body.details)).toEqual(['date_to']);
  });

  it('answers and filters a lapsed link as expired before its lapse is written, and the read writes nothing', async () => {
    const stored = () => env.app.db.prisma.payment.findFirst({ where: { policyId: failedPolicy.id, policyType: 'motor' } });
    expect((await stored())!.status).toBe('failed');
    expect((await list('?status=expired')).body.data.map((p: any) => p.policy_id)).toEqual([failedPolicy.id]);
    expect((await list('?status=failed')).body.total).toBe(0);
    expect((await list('?status=pending')).body.data.map((p: any) => p.policy_id)).toEqual([pendingPolicy.id]);
    const lapsed = (await list('?status=expired')).body.data[0];
    // lapsed at its expiry: that is when it was last changed, as the lapse will write it
    expect(lapsed).toMatchObject({ status: 'expired', payment_link: null, updated_at: lapsed.expires_at });

    // the console's list, its filters and its read by id, and the portal's read by id answer it so too
    const ops = await signIn(env.app, 'operations');
    const consoleList = async (filter: object) => (await ops.call(`/admin/api/payments?filter=${encodeURIComponent(JSON.stringify(filter))}`)).body;
    const mine = { client_id: clientId };
    expect((await consoleList({ ...mine, status: 'expired' })).map((p: any) => p.id)).toEqual([lapsed.id]);
    expect(await consoleList({ ...mine, status: 'failed' })).toEqual([]);
    expect((await consoleList({ ...mine, open: true })).map((p: any) => p.policy_id)).toEqual([pendingPolicy.id]);
    expect((await consoleList(mine)).find((p: any) => p.id === lapsed.id)).toMatchObject({ status: 'expired', updated_at: lapsed.updated_at });
    expect((await ops.call(`/admin/api/payments/${lapsed.id}`)).body).toMatchObject({ status: 'expired', payment_link: null });
    const portal = await portalUser(env.app, clientId, 'developer');
    expect((await portal.call(`/portal/api/payments/${lapsed.id}`)).body).toMatchObject({ status: 'expired', updated_at: lapsed.updated_at });
    expect((await stored())!.status).toBe('failed');

    // the console sorts by the status it shows: once the pending link lapses too, both expired ones come before paid
    env.app.clock.advance(25 * 3600_000);
    const later = await signIn(env.app, 'operations'); // the first session has ended by then
    const byStatus = await later.call(`/admin/api/payments?filter=${encodeURIComponent(JSON.stringify(mine))}&sort=${encodeURIComponent('["status","ASC"]')}`);
    expect(byStatus.body.map((p: any) => p.status)).toEqual(['expired', 'expired', 'paid']);
    expect(
      byStatus.body
        .slice(0, 2)
        .map((p: any) => p.policy_id)
        .sort(),
    ).toEqual([failedPolicy.id, pendingPolicy.id].sort());
    // the search takes `%` and `_` as themselves, and finds a payment by its policy id
    const search = async (q: string) => (await later.call(`/admin/api/payments?filter=${encodeURIComponent(JSON.stringify({ ...mine, q }))}`)).body;
    expect(await search('%')).toEqual([]);
    expect((await search(String(paidPolicy.id))).map((p: any) => p.policy_id)).toContain(paidPolicy.id);
  });

  it('keeps payments to their client and needs a token', async () => {
    const other = await env.app.partner(['motor-tpl-comparison']);
    expect((await list('', other.token)).body.total).toBe(0);
    expect((await env.app.request('/api/v1/payments')).status).toBe(401);
  });

  it('shows payments in the console to the roles that may read them, filtered', async () => {
    const ops = await signIn(env.app, 'operations');
    const all = await ops.call('/admin/api/payments');
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('payments 0-2/3');
    const paid = await ops.call(`/admin/api/payments?filter=${encodeURIComponent('{"status":"paid"}')}`);
    expect(paid.body.map((p: any) => p.policy_id)).toEqual([paidPolicy.id]);
    expect(paid.body[0].client_id).toMatch(/^[0-9a-f-]{36}$/);
    const one = await ops.call(`/admin/api/payments/${paid.body[0].id}`);
    expect(one.body).toMatchObject({ id: paid.body[0].id, status: 'paid' });
    expect(one.body.callbacks.length).toBeGreaterThanOrEqual(0);
    expect((await ops.call(`/admin/api/payments?filter=${encodeURIComponent('{"status":"nope"}')}`)).status).toBe(422);
    expect((await ops.call('/admin/api/payments/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const claims = await signIn(env.app, 'claims_handler');
    expect((await claims.call('/admin/api/payments')).status).toBe(403);
  });

  it('produces a document left pending by a restart when the next instance boots', async () => {
    const doc = async () => (await env.app.request(`/api/v1/car-comp/policies/${paidPolicy.id}`, { token })).body.provider_policy;
    for (let i = 0; i < 100 && !(await doc()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await doc()).toMatch(/\.pdf$/);
    // as if the process stopped between the activation commit and the document
    await env.app.db.prisma.motorPolicy.update({ where: { id: paidPolicy.id }, data: { documentsPending: true, providerPolicy: null } });
    const second = await startTestApp({ db: env.app.db, clock: env.app.clock, env: { SANDBOX_URL: env.sandbox.baseUrl, POLICY_DOCUMENTS_POLL_MS: '0' } });
    try {
      for (let i = 0; i < 100; i++) {
        const row = await env.app.db.prisma.motorPolicy.findUniqueOrThrow({ where: { id: paidPolicy.id } });
        if (!row.documentsPending) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const row = await env.app.db.prisma.motorPolicy.findUniqueOrThrow({ where: { id: paidPolicy.id } });
      expect(row.documentsPending).toBe(false);
      expect(row.providerPolicy).toMatch(new RegExp(`^${second.url}/files/.+\\.pdf$`));
      // a sweep with nothing pending does nothing
      await second.api.app.get(PolicyDocumentsWorker).sweep();
      expect((await env.app.db.prisma.motorPolicy.findUniqueOrThrow({ where: { id: paidPolicy.id } })).providerPolicy).toBe(row.providerPolicy);
    } finally {
      await second.close();
    }
  });
});
