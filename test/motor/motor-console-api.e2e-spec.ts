import { can, STAFF_ROLES, StaffRole } from '../../libs/common/src/permissions';
import { signInEveryRole, StaffSession } from '../admin/admin-kit';
import { MotorTestEnv, OWNER, startMotorEnv } from '../support/motor-kit';
import { DECLINED_VEHICLE, IBAN, INSURERS, issueTplPolicy, percentileCont, requestQuote, storeFailedRequest, withFaults } from '../support/motor-console-kit';
import { readOffers } from '../../apps/api/src/products/motor/quotes/quote-offer-reads.repository';

const q = (o: Record<string, unknown>) => new URLSearchParams(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)]))).toString();
const OTHER = { owner_id: '2098765432', email: 'other@example.com', phone: '0598765432', birthdate: '1990-05-01' };

/**
 * The console's motor views over HTTP, on data made through the partner API against the real sandbox
 * insurers (faults and declines set on the sandbox), two days apart:
 *   2026-11-22  quoted  (A, every insurer ok)                                 -> policy (later marked issued)
 *   2026-11-24  quoted  (A, dune timeout, palm error)                         -> pending policy
 *               no_offers (A, every insurer declines)
 *               no_offers (A, dune error, the others decline)
 *               quoted  (B, another owner)
 *               failed  (A, stored directly: the partner API stores no all-failed request)
 */
describe('console API for motor: quote requests, policies, provider health', () => {
  let env: MotorTestEnv;
  let s: Record<StaffRole, StaffSession>;
  let clientA: string;
  let clientB: string;
  const ids = {} as Record<'oldQuoted' | 'quoted' | 'declined' | 'mixed' | 'other' | 'failed', number>;
  let pendingPolicy: any;
  let issuedPolicy: any;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', RATE_LIMIT_DEFAULT_PER_MINUTE: '1000' } });
    const a = await env.app.partner(['motor-tpl-comparison']);
    const b = await env.app.partner(['motor-tpl-comparison']);
    [clientA, clientB] = [a.id, b.id];

    const old = await requestQuote(env.app, a.token);
    ids.oldQuoted = old.id;
    issuedPolicy = await issueTplPolicy(env.app, a.token, old);
    // Payments are not built yet: mark the first policy issued as payment confirmation will.
    await env.app.db.prisma.motorPolicy.update({ where: { id: issuedPolicy.id }, data: { status: 1 } });

    env.app.clock.advance(2 * 86_400_000);
    const quoted = await withFaults(env, { dune: 'timeout', palm: 'error' }, () => requestQuote(env.app, a.token));
    ids.quoted = quoted.id;
    pendingPolicy = await issueTplPolicy(env.app, a.token, quoted);
    ids.declined = (await requestQuote(env.app, a.token, OWNER, DECLINED_VEHICLE)).id;
    ids.mixed = (await withFaults(env, { dune: 'error' }, () => requestQuote(env.app, a.token, OWNER, DECLINED_VEHICLE))).id;
    ids.other = (await requestQuote(env.app, b.token, OTHER)).id;
    ids.failed = (
      await storeFailedRequest(
        env.app,
        clientA,
        INSURERS.map((code, i) => ({ insurerCode: code, outcome: i % 2 ? 'error' : 'timeout', latencyMs: 1500 + i })),
      )
    ).id;

    s = await signInEveryRole(env.app); // after the clock moved: sessions end after 30 idle minutes
  }, 120_000);
  afterAll(() => env.close());

  describe('who may read what', () => {
    const routes = () => [
      { path: '/admin/api/motor-quote-requests', resource: 'motor-quote-requests' },
      { path: `/admin/api/motor-quote-requests/${ids.quoted}`, resource: 'motor-quote-requests' },
      { path: '/admin/api/motor-policies', resource: 'motor-policies' },
      { path: `/admin/api/motor-policies/${pendingPolicy.id}`, resource: 'motor-policies' },
      { path: '/admin/api/provider-health', resource: 'provider-health' },
    ];

    it('answers each role exactly as can(role, read, resource) says, 403 otherwise', async () => {
      const seen: string[] = [];
      for (const r of routes()) {
        for (const role of STAFF_ROLES) {
          const res = await s[role].call(r.path);
          seen.push(`${role} ${r.path} ${res.status}`);
          expect(`${role} ${r.path} ${res.status}`).toBe(`${role} ${r.path} ${can(role, 'read', r.resource) ? 200 : 403}`);
          if (res.status === 403) expect(res.body.code).toBe('40302');
        }
      }
      // the grants decided for these views, spelled out
      expect(seen.filter((l) => l.endsWith(' 403')).sort()).toEqual(
        [
          `claims_handler /admin/api/motor-quote-requests 403`,
          `claims_handler /admin/api/motor-quote-requests/${ids.quoted} 403`,
          'claims_handler /admin/api/provider-health 403',
        ].sort(),
      );
    });

    it('is documented under the Admin tag with the list convention', async () => {
      const doc = (await env.app.request('/openapi.json')).body;
      for (const path of [
        '/admin/api/motor-quote-requests',
        '/admin/api/motor-quote-requests/{id}',
        '/admin/api/motor-policies',
        '/admin/api/motor-policies/{id}',
        '/admin/api/provider-health',
      ]) {
        expect([path, doc.paths[path]?.get?.tags]).toEqual([path, ['Admin']]);
      }
      expect(JSON.stringify(doc.paths['/admin/api/motor-quote-requests'].get)).toContain('Content-Range');
      expect(JSON.stringify(doc.paths['/admin/api/motor-quote-requests'].get)).toContain('no_offers');
    });

    it('needs a session', async () => {
      expect((await env.app.request('/admin/api/motor-policies')).status).toBe(401);
      expect((await env.app.request('/admin/api/provider-health')).status).toBe(401);
    });

    it('only reads: no audit rows, no other methods', async () => {
      const before = await env.app.db.prisma.auditLogEntry.count();
      for (const r of routes()) expect((await s.admin.call(r.path)).status).toBe(200);
      expect(await env.app.db.prisma.auditLogEntry.count()).toBe(before);
      expect((await s.admin.call('/admin/api/motor-policies', { method: 'POST', json: {} })).status).toBe(405);
      expect((await s.admin.call(`/admin/api/motor-quote-requests/${ids.quoted}`, { method: 'DELETE' })).status).toBe(405);
    });
  });

  describe('quote requests', () => {
    const list = async (session: StaffSession, params: Record<string, unknown>) => {
      const res = await session.call(`/admin/api/motor-quote-requests?${q(params)}`);
      expect(res.status).toBe(200);
      return res;
    };
    const idsOf = async (filter: object, sort: [string, string] = ['id', 'ASC']) => (await list(s.admin, { filter, sort })).body.map((r: any) => r.id);

    it("derives the status from the insurers' answers: quoted, no_offers, failed", async () => {
      const rows = (await list(s.admin, { sort: ['id', 'ASC'] })).body;
      expect(rows.map((r: any) => [r.id, r.status])).toEqual([
        [ids.oldQuoted, 'quoted'],
        [ids.quoted, 'quoted'],
        [ids.declined, 'no_offers'],
        [ids.mixed, 'no_offers'],
        [ids.other, 'quoted'],
        [ids.failed, 'failed'],
      ]);
      const mixed = rows.find((r: any) => r.id === ids.mixed);
      expect(mixed).toMatchObject({ offer_count: 0, insurer_count: 9, answered_count: 8 });
      expect(rows.find((r: any) => r.id === ids.failed)).toMatchObject({ offer_count: 0, insurer_count: 9, answered_count: 0 });
      expect(await idsOf({ status: 'quoted' })).toEqual([ids.oldQuoted, ids.quoted, ids.other]);
      expect(await idsOf({ status: 'no_offers' })).toEqual([ids.declined, ids.mixed]);
      expect(await idsOf({ status: 'failed' })).toEqual([ids.failed]);
    });

    it('filters by owner id, client and created dates (inclusive UTC days), and answers getMany ids', async () => {
      expect(await idsOf({ owner_id: OTHER.owner_id })).toEqual([ids.other]);
      expect(await idsOf({ client_id: clientB })).toEqual([ids.other]);
      expect((await idsOf({ client_id: clientA })).length).toBe(5);
      expect(await idsOf({ created_to: '2026-11-22' })).toEqual([ids.oldQuoted]);
      expect(await idsOf({ created_from: '2026-11-22', created_to: '2026-11-23' })).toEqual([ids.oldQuoted]);
      expect((await idsOf({ created_from: '2026-11-24' })).length).toBe(5);
      expect(await idsOf({ created_from: '2026-11-24', status: 'quoted', client_id: clientA })).toEqual([ids.quoted]);
      expect(await idsOf({ id: [String(ids.failed), String(ids.declined), 'x'] })).toEqual([ids.declined, ids.failed]);
      expect(await idsOf({ id: [ids.quoted, ids.other] })).toEqual([ids.quoted, ids.other]); // getMany sends numbers
    });

    it('sorts, pages and counts with Content-Range', async () => {
      const page = await list(s.admin, { sort: ['created_at', 'DESC'], range: [1, 2] });
      expect(page.headers.get('content-range')).toBe('motor-quote-requests 1-2/6');
      expect(page.body.map((r: any) => r.id)).toEqual([ids.other, ids.mixed]);
      const byOffers = (await list(s.admin, { sort: ['offer_count', 'ASC'] })).body.map((r: any) => r.offer_count);
      expect(byOffers).toEqual([...byOffers].sort((x: number, y: number) => x - y));
      expect((await list(s.admin, { sort: ['status', 'ASC'], range: [0, 0] })).body[0].status).toBe('failed');
      const empty = await list(s.admin, { filter: { owner_id: '1099999999' } });
      expect([empty.body, empty.headers.get('content-range')]).toEqual([[], 'motor-quote-requests */0']);
    });

    it('answers 422 naming the bad parameter', async () => {
      const details = async (params: Record<string, unknown>) => {
        const res = await s.admin.call(`/admin/api/motor-quote-requests?${q(params)}`);
        expect(res.status).toBe(422);
        return res.body.details;
      };
      expect(await details({ filter: { status: 'pending' } })).toEqual({ 'filter.status': ['The status must be one of: quoted, no_offers, failed.'] });
      expect(await details({ filter: { owner_id: '12345' } })).toEqual({ 'filter.owner_id': ['The owner_id must be 10 digits starting with 1 or 2.'] });
      expect(await details({ filter: { client_id: 'acme' } })).toEqual({ 'filter.client_id': ['The client_id must be a UUID.'] });
      expect(await details({ filter: { created_from: '2026-02-30' } })).toEqual({ 'filter.created_from': ['The created_from must be a date, YYYY-MM-DD.'] });
      expect(await details({ filter: { created_from: '2026-11-24', created_to: '2026-11-22' } })).toEqual({
        'filter.created_to': ['The created_to date must be on or after created_from.'],
      });
      expect(await details({ filter: { email: 'x' } })).toHaveProperty(['filter.email']);
      expect(Object.keys(await details({ sort: ['email', 'ASC'] }))).toEqual(['sort.0']);
      const badId = await s.admin.call('/admin/api/motor-quote-requests/abc');
      expect([badId.status, Object.keys(badId.body.details)]).toEqual([422, ['id']]);
      expect((await s.admin.call('/admin/api/motor-quote-requests/999999')).status).toBe(404);
    });

    it("shows the offers grouped by insurer and cover, with each insurer's outcome, latency and detail", async () => {
      const res = await s.operations.call(`/admin/api/motor-quote-requests/${ids.quoted}`);
      expect(res.status).toBe(200);
      const r = res.body;
      expect(r).toMatchObject({
        id: ids.quoted,
        status: 'quoted',
        client_id: clientA,
        owner_id: OWNER.owner_id,
        email: OWNER.email,
        birthdate: OWNER.birthdate,
      });
      expect(r.insurers.map((i: any) => i.insurer_code).sort()).toEqual(INSURERS);
      const dune = r.insurers.find((i: any) => i.insurer_code === 'dune');
      expect(dune).toMatchObject({ outcome: 'timeout', offer_count: 0, covers: [] });
      expect(dune.latency_ms).toBeGreaterThanOrEqual(9980); // cut at the kit's 10 s insurer timeout, not before
      expect(dune.name).not.toBe('dune'); // the directory's name
      expect(r.insurers.find((i: any) => i.insurer_code === 'palm')).toMatchObject({ outcome: 'error', covers: [] });
      const stored = (await readOffers(env.app.db.sql, [ids.quoted])).get(ids.quoted)!;
      const ok = r.insurers.filter((i: any) => i.outcome === 'ok');
      expect(ok.length).toBe(7);
      let offers = 0;
      for (const insurer of ok) {
        const keys = insurer.covers.map((c: any) => `${c.type}/${c.fix_type}`);
        expect(new Set(keys).size).toBe(keys.length); // one group per cover type and fix type
        for (const cover of insurer.covers) {
          for (const o of cover.offers) {
            offers += 1;
            const row = stored.find((x) => x.id === o.quote_reference_id)!;
            expect([row.insurerCode, row.type, row.fixType]).toEqual([insurer.insurer_code, cover.type, cover.fix_type]);
            expect(o.prices.map((p: any) => p.total)).toEqual(row.prices.map((p) => p.total));
            for (const p of o.prices) expect(p.total).toMatch(/^\d+\.\d\d$/);
          }
        }
        expect(insurer.offer_count).toBe(insurer.covers.reduce((n: number, c: any) => n + c.offers.length, 0));
      }
      expect(offers).toBe(stored.length);

      const declined = (await s.operations.call(`/admin/api/motor-quote-requests/${ids.mixed}`)).body;
      expect(declined.status).toBe('no_offers');
      expect(declined.insurers.find((i: any) => i.insurer_code === 'dune')).toMatchObject({ outcome: 'error' });
      expect(declined.insurers.find((i: any) => i.insurer_code === 'oryx').outcome).toBe('declined');
      expect(declined.insurers.find((i: any) => i.insurer_code === 'oryx').detail).toMatch(/^\w+: /);
    });

    it('masks owner id, email, phone and birthdate for roles without read_pii', async () => {
      for (const role of ['admin', 'operations', 'account_manager'] as const) {
        const full = can(role, 'read_pii', 'motor-quote-requests');
        const row = (await list(s[role], { filter: { id: String(ids.quoted) } })).body[0];
        const shown = (await s[role].call(`/admin/api/motor-quote-requests/${ids.quoted}`)).body;
        const expected = full
          ? { owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone }
          : { owner_id: '10******78', email: 'o***@example.com', phone: '05******78' };
        expect([role, row]).toMatchObject([role, expected]);
        expect([role, shown]).toMatchObject([role, { ...expected, birthdate: full ? OWNER.birthdate : '****-**-**', current_car_owner_id: expected.owner_id }]);
        if (!full) expect(JSON.stringify(shown)).not.toContain(OWNER.owner_id);
      }
      expect(can('account_manager', 'read_pii', 'motor-quote-requests')).toBe(false);
    });
  });

  describe('policies', () => {
    const list = async (session: StaffSession, params: Record<string, unknown>) => {
      const res = await session.call(`/admin/api/motor-policies?${q(params)}`);
      expect(res.status).toBe(200);
      return res;
    };
    const idsOf = async (filter: object) => (await list(s.admin, { filter, sort: ['id', 'ASC'] })).body.map((r: any) => r.id);

    it('lists with status, insurer, client and date filters and sorts', async () => {
      expect(await idsOf({})).toEqual([issuedPolicy.id, pendingPolicy.id]);
      expect(await idsOf({ status: 'pending' })).toEqual([pendingPolicy.id]);
      expect(await idsOf({ status: 'issued' })).toEqual([issuedPolicy.id]);
      const insurer = (await env.app.db.prisma.motorPolicy.findUniqueOrThrow({ where: { id: pendingPolicy.id } })).insurerCode;
      expect(await idsOf({ insurer_code: insurer })).toContain(pendingPolicy.id);
      expect(await idsOf({ insurer_code: 'nobody' })).toEqual([]);
      expect(await idsOf({ client_id: clientB })).toEqual([]);
      expect(await idsOf({ client_id: clientA })).toHaveLength(2);
      expect(await idsOf({ created_from: '2026-11-23' })).toEqual([pendingPolicy.id]);
      expect(await idsOf({ created_to: '2026-11-22' })).toEqual([issuedPolicy.id]);
      expect(await idsOf({ quote_request_id: ids.quoted })).toEqual([pendingPolicy.id]);
      expect(await idsOf({ id: [pendingPolicy.id] })).toEqual([pendingPolicy.id]);
      const newest = await list(s.admin, { sort: ['created_at', 'DESC'], range: [0, 0] });
      expect(newest.headers.get('content-range')).toBe('motor-policies 0-0/2');
      expect(newest.body[0]).toMatchObject({ id: pendingPolicy.id, status: 'pending', status_code: 0, quote_request_id: ids.quoted });
      expect(newest.body[0].price).toBe(pendingPolicy.price.toFixed(2));
    });

    it('answers 422 naming the bad filter', async () => {
      const details = async (filter: object) => (await s.admin.call(`/admin/api/motor-policies?${q({ filter })}`)).body.details;
      expect(await details({ status: 'cancelled' })).toEqual({ 'filter.status': ['The status must be one of: pending, issued, expired.'] });
      expect(await details({ insurer_code: 'Dune Takaful!' })).toEqual({ 'filter.insurer_code': ['The insurer_code must be an insurer code such as "dune".'] });
      expect(await details({ created_to: 'yesterday' })).toEqual({ 'filter.created_to': ['The created_to must be a date, YYYY-MM-DD.'] });
      expect(Object.keys(await details({ client_id: 7 }))).toEqual(['filter.client_id']);
      expect((await s.admin.call('/admin/api/motor-policies/0')).status).toBe(422);
      expect((await s.admin.call('/admin/api/motor-policies/424242')).status).toBe(404);
    });

    it('shows a policy with its payment rows and the quote request it came from', async () => {
      const res = await s.claims_handler.call(`/admin/api/motor-policies/${pendingPolicy.id}`);
      expect(res.status).toBe(200);
      const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'motor', policyId: pendingPolicy.id } });
      expect(res.body).toMatchObject({
        id: pendingPolicy.id,
        quote_request_id: ids.quoted,
        client_id: clientA,
        status: 'pending',
        iban: IBAN,
        owner_id: OWNER.owner_id,
      });
      expect(res.body.payments).toEqual([
        {
          id: payment.id,
          status: 'pending',
          amount: payment.amount.toFixed(2),
          currency: 'SAR',
          vendor_reference: null,
          expires_at: expect.stringMatching(/^2026-11-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
          paid_at: null,
          created_at: expect.any(String),
        },
      ]);
      expect(res.body.payments[0].amount).toBe(res.body.price);
    });

    it('masks owner ids and IBAN for roles without read_pii on policies', async () => {
      for (const role of STAFF_ROLES) {
        const full = can(role, 'read_pii', 'motor-policies');
        const row = (await list(s[role], { filter: { id: String(pendingPolicy.id) } })).body[0];
        const shown = (await s[role].call(`/admin/api/motor-policies/${pendingPolicy.id}`)).body;
        const expected = full ? { owner_id: OWNER.owner_id, iban: IBAN } : { owner_id: '10******78', iban: 'SA03*****************519' };
        expect([role, row]).toMatchObject([role, expected]);
        expect([role, shown]).toMatchObject([role, { ...expected, previous_owner_id: expected.owner_id }]);
      }
      expect(can('account_manager', 'read_pii', 'motor-policies')).toBe(false);
    });
  });

  describe('provider health', () => {
    const outcomesIn = async (from: string) =>
      env.app.db.prisma.motorInsurerOutcome.findMany({ where: { quoteRequest: { createdAt: { gte: new Date(from) } } } });

    it("counts each insurer's outcomes over the window and computes answer rate and latency percentiles", async () => {
      const res = await s.account_manager.call('/admin/api/provider-health?days=7');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ days: 7, from: '2026-11-18T00:00:00.000000Z', to: '2026-11-25T00:00:00.000000Z' });
      expect(res.body.insurers.map((i: any) => i.insurer_code)).toEqual(INSURERS);
      const dune = res.body.insurers.find((i: any) => i.insurer_code === 'dune');
      // old ok, timeout, declined, error (mixed), ok (other client), timeout (failed: dune is first, i = 2 -> even)
      expect(dune).toMatchObject({ requests: 6, ok: 2, declined: 1, timeout: 2, error: 1, answer_rate: '0.5000' });
      const palm = res.body.insurers.find((i: any) => i.insurer_code === 'palm');
      // old ok, error, declined, declined, ok, failed (i = 6 -> timeout)
      expect(palm).toMatchObject({ requests: 6, ok: 2, declined: 2, timeout: 1, error: 1, answer_rate: '0.6667' });
      const oryx = res.body.insurers.find((i: any) => i.insurer_code === 'oryx');
      // old ok, ok, declined, declined, ok, failed (i = 5 -> error)
      expect(oryx).toMatchObject({ requests: 6, ok: 3, declined: 2, timeout: 0, error: 1, answer_rate: '0.8333' });

      const rows = await outcomesIn('2026-11-18T00:00:00Z');
      for (const insurer of res.body.insurers) {
        const mine = rows.filter((o) => o.insurerCode === insurer.insurer_code).map((o) => o.latencyMs);
        expect([insurer.insurer_code, insurer.latency_p50_ms, insurer.latency_p95_ms]).toEqual([
          insurer.insurer_code,
          percentileCont(mine, 0.5),
          percentileCont(mine, 0.95),
        ]);
      }
    });

    it('takes only the last `days` UTC days', async () => {
      const res = await s.admin.call('/admin/api/provider-health?days=1');
      expect(res.body.from).toBe('2026-11-24T00:00:00.000000Z');
      const dune = res.body.insurers.find((i: any) => i.insurer_code === 'dune');
      expect(dune).toMatchObject({ requests: 5, ok: 1, declined: 1, timeout: 2, error: 1, answer_rate: '0.4000' });
    });

    it('computes percentiles the PostgreSQL way on known latencies, and lists insurers without requests', async () => {
      env.app.clock.advance(30 * 86_400_000);
      s.admin = (await signInEveryRole(env.app)).admin;
      const latencies = [100, 200, 1000];
      for (const latencyMs of latencies) await storeFailedRequest(env.app, clientA, [{ insurerCode: 'dune', outcome: 'timeout', latencyMs }]);
      const res = await s.admin.call('/admin/api/provider-health?days=1');
      const dune = res.body.insurers.find((i: any) => i.insurer_code === 'dune');
      expect(dune).toMatchObject({ requests: 3, ok: 0, timeout: 3, answer_rate: '0.0000', latency_p50_ms: 200, latency_p95_ms: 920 });
      expect(res.body.insurers.find((i: any) => i.insurer_code === 'palm')).toMatchObject({
        requests: 0,
        answer_rate: null,
        latency_p50_ms: null,
        latency_p95_ms: null,
      });
    });

    it('answers 422 naming days outside 1..90', async () => {
      for (const days of ['0', '91', '2.5', 'seven']) {
        const res = await s.admin.call(`/admin/api/provider-health?days=${days}`);
        expect([days, res.status, Object.keys(res.body.details ?? {})]).toEqual([days, 422, ['days']]);
      }
      expect(Object.keys((await s.admin.call('/admin/api/provider-health?week=1')).body.details)).toEqual(['week']);
    });
  });
});
