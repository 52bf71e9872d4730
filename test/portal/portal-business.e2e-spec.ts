import { MINUTE_MS } from '../../libs/common/src';
import {
  portalClaimPageShape,
  portalClaimShape,
  portalOverviewShape,
  portalPolicyPageShape,
  portalPolicyShape,
} from '../../apps/api/src/policies/portal/portal-business.response';
import { portalRefundPageShape, portalRefundShape } from '../../apps/api/src/payments/portal/portal-payments.response';
import { paymentPageShape, paymentShape } from '../../apps/api/src/payments/payment.response';
import { cancellationForm, eventually, payLink, PDF } from '../life/life-kit';
import { motorQuote } from '../payments/payment-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { portalUser, PortalSession, resetPortalKit } from './portal-kit';

const DAY = 86_400_000;
const horseBody = (name: string) => ({
  horse: { name: 'Desert Wind', breed: 'Arabian', date_of_birth: '2019-03-01', sex: 'male', use: 'racing', microchip_number: '682000000012345', value: 250000 },
  owner: { name, id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
  declaration: true,
});

function claimForm(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

describe("the portal's view of the partner's business: policies, payments, refunds, claims, overview", () => {
  let env: MotorTestEnv;
  let a: { id: string; token: string };
  let viewerA: PortalSession;
  let ownerB: PortalSession;
  let active: any;
  let cancelled: any;
  let claimId: number;

  const get = async (user: PortalSession, path: string) => {
    const res = await user.call(`/portal/api/${path}`);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body;
  };
  const horsePolicy = async (name: string) => {
    const res = await env.app.request('/api/v1/horse/policies', { token: a.token, json: horseBody(name) });
    if (res.status !== 201) throw new Error(`create ${res.status} ${res.text}`);
    await payLink(res.body.payment_link);
    return eventually(async () => {
      const p = (await env.app.request(`/api/v1/horse/policies/${res.body.id}`, { token: a.token })).body;
      return p.status === 1 ? p : null;
    });
  };

  beforeAll(async () => {
    resetPortalKit();
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', RATE_LIMIT_DEFAULT_PER_MINUTE: '1000' } });
    a = await env.app.partner(['horse', 'motor-comprehensive-comparison', 'motor-tpl-comparison']);
    active = await horsePolicy('Faisal Alharbi');
    cancelled = await horsePolicy('Noura Alqahtani');
    env.app.clock.advance(2 * DAY);
    const cancel = await env.app.request(`/api/v1/horse/policies/${cancelled.id}/cancellation`, {
      token: a.token,
      method: 'POST',
      body: cancellationForm({ cancellation_document: PDF }),
    });
    expect(cancel.status).toBe(200);
    env.app.clock.advance(10 * DAY);
    const claim = await env.app.request(`/api/v1/horse/policies/${active.id}/claims`, {
      method: 'POST',
      token: a.token,
      body: claimForm({ claim_type: 'vet_fees', incident_date: '2026-12-01', description: 'Colic surgery.', requested_amount: '1800.00' }),
    });
    expect(claim.status).toBe(201);
    claimId = claim.body.id;
    await motorQuote(env, a.token);
    env.app.clock.advance(MINUTE_MS);
    viewerA = await portalUser(env.app, a.id, 'viewer');
    const b = await env.app.partner(['horse']);
    // client B has a policy of its own: it lists that one, never A's
    await env.app.request('/api/v1/horse/policies', { token: b.token, json: horseBody('Other Customer') });
    ownerB = await portalUser(env.app, b.id, 'owner');
  }, 180_000);
  afterAll(() => env?.close());
  beforeEach(() => env.app.clock.advance(MINUTE_MS));

  it("a viewer reads the client's policies of every family in one list, the insured's name masked, filtered by family and status", async () => {
    const page = portalPolicyPageShape.parse(await get(viewerA, 'policies'));
    expect(page.data.map((p) => p.id)).toEqual([`horse-${cancelled.id}`, `horse-${active.id}`]);
    expect(page.total).toBe(2);
    const row = page.data[1];
    expect(row).toEqual({
      id: `horse-${active.id}`,
      family: 'horse',
      policy_id: active.id,
      status: 'active',
      policy_number: active.provider_policy_id,
      insured: 'Fa**********bi',
      premium: active.price.toFixed(2),
      insurer: active.insurer_code,
      start_date: active.start_date,
      end_date: active.end_date,
      issued_at: expect.any(String),
      created_at: expect.any(String),
    });
    expect(JSON.stringify(page)).not.toContain('Faisal');
    expect(page.data[0].status).toBe('cancelled');
    expect((await get(viewerA, 'policies?status=active')).data.map((p: any) => p.id)).toEqual([`horse-${active.id}`]);
    expect((await get(viewerA, 'policies?family=horse&per_page=1')).data).toHaveLength(1);
    expect((await get(viewerA, 'policies?family=travel')).total).toBe(0);
    expect(portalPolicyShape.parse(await get(viewerA, `policies/horse-${active.id}`))).toEqual(row);
    const unknown = await viewerA.call('/portal/api/policies?family=boats');
    expect([unknown.status, Object.keys(unknown.body.details)]).toEqual([422, ['family']]);
    expect((await viewerA.call('/portal/api/policies?status=alive')).status).toBe(422);
    expect((await viewerA.call('/portal/api/policies/boats-1')).status).toBe(404);
    expect((await viewerA.call('/portal/api/policies/horse-abc')).status).toBe(404);
  });

  it("finds the client's policies by id or the insurer's policy number, never another client's, and not by personal details", async () => {
    const ids = async (user: PortalSession, q: string) => (await get(user, `policies?q=${encodeURIComponent(q)}`)).data.map((p: any) => p.id);
    expect(await ids(viewerA, String(active.id))).toEqual([`horse-${active.id}`]);
    expect(await ids(viewerA, ` ${active.provider_policy_id.toLowerCase()} `)).toEqual([`horse-${active.id}`]);
    const page = await get(viewerA, `policies?q=${active.provider_policy_id}&status=cancelled`);
    expect(page.total).toBe(0);
    expect(page.first_page_url).toContain(`q=${active.provider_policy_id}`);
    // the insured's name and id are masked in the portal, so they find nothing
    expect(await ids(viewerA, 'Faisal')).toEqual([]);
    expect(await ids(viewerA, '1012345678')).toEqual([]);
    // client B searching for A's policy number or id finds none of A's
    expect(await ids(ownerB, active.provider_policy_id)).toEqual([]);
    expect((await ids(ownerB, String(active.id))).filter((id: string) => id === `horse-${active.id}`)).toEqual([]);
    const blank = await viewerA.call('/portal/api/policies?q=%20%20');
    expect([blank.status, blank.body.details.q]).toEqual([422, ['The search must not be empty.']]);
    expect((await viewerA.call(`/portal/api/policies?q=${'x'.repeat(101)}`)).status).toBe(422);
  });

  it('a viewer reads the payments, the refund of the cancelled policy and the claim with its history', async () => {
    const payments = paymentPageShape.parse(await get(viewerA, 'payments'));
    // both were made at the same instant of the test clock: their order is the ids', not the policies'
    expect(payments.data.map((p) => [p.policy_type, p.policy_id, p.status])).toEqual(
      expect.arrayContaining([
        ['horse', cancelled.id, 'refunded'],
        ['horse', active.id, 'paid'],
      ]),
    );
    expect(payments.data).toHaveLength(2);
    expect((await get(viewerA, 'payments?status=paid')).data.map((p: any) => p.policy_id)).toEqual([active.id]);
    const activePayment = payments.data.find((p) => p.policy_id === active.id)!;
    expect(paymentShape.parse(await get(viewerA, `payments/${activePayment.id}`)).policy_id).toBe(active.id);

    const refunds = portalRefundPageShape.parse(await get(viewerA, 'refunds'));
    expect(refunds.data.map((r) => [r.policy_type, r.policy_id, r.payment_id, r.amount])).toEqual([
      ['horse', cancelled.id, payments.data.find((p) => p.policy_id === cancelled.id)!.id, cancelled.price],
    ]);
    expect(portalRefundShape.parse(await get(viewerA, `refunds/${refunds.data[0].id}`))).toEqual(refunds.data[0]);
    expect((await get(viewerA, 'refunds?status=failed')).total).toBe(0);

    const claims = portalClaimPageShape.parse(await get(viewerA, 'claims'));
    expect(claims.data.map((c) => [c.id, c.family, c.policy, c.status, c.requested_amount])).toEqual([
      [claimId, 'horse', `horse-${active.id}`, 'submitted', '1800.00'],
    ]);
    expect(JSON.stringify(claims)).not.toContain('Colic');
    const claim = portalClaimShape.parse(await get(viewerA, `claims/${claimId}`));
    expect(claim.status_history.map((h) => h.status)).toEqual(['submitted']);
    expect((await get(viewerA, 'claims?family=horse&status=submitted')).total).toBe(1);
    expect((await get(viewerA, 'claims?status=paid')).total).toBe(0);
  });

  it("the overview: premium per month and family, and each motor insurer's requests, offers and answer times", async () => {
    const overview = portalOverviewShape.parse(await get(viewerA, 'overview'));
    expect(overview.months).toHaveLength(12);
    expect(overview.months.at(-1)).toBe(env.app.clock.now().toISOString().slice(0, 7));
    const sum = (active.price * 100 + cancelled.price * 100) / 100;
    expect(overview.premium_by_month).toEqual([{ month: '2026-11', family: 'horse', premium: sum.toFixed(2), policies: 2 }]);
    expect(overview.insurers.length).toBeGreaterThan(1);
    for (const i of overview.insurers) {
      expect(i).toMatchObject({ family: 'motor', quote_requests: 1, policies: 0, answers: 1 });
      expect(i.p50_ms).not.toBeNull();
      expect(i.p95_ms).toBeGreaterThanOrEqual(i.p50_ms!);
    }
    expect(overview.insurers.some((i) => i.offered === 1)).toBe(true);
    expect((await viewerA.call('/portal/api/overview?months=0')).status).toBe(422);
    // client B's overview counts nothing of A's
    const other = portalOverviewShape.parse(await get(ownerB, 'overview'));
    expect(other.premium_by_month).toEqual([]);
    expect(other.insurers).toEqual([]);
  });

  it("client B's user gets 404 for each of client A's rows and never sees them in a list", async () => {
    const payment = (await get(viewerA, 'payments')).data[0];
    const refund = (await get(viewerA, 'refunds')).data[0];
    for (const path of [`policies/horse-${active.id}`, `payments/${payment.id}`, `refunds/${refund.id}`, `claims/${claimId}`]) {
      const res = await ownerB.call(`/portal/api/${path}`);
      expect([path, res.status]).toEqual([path, 404]);
    }
    const mine = await get(ownerB, 'policies');
    expect(mine.total).toBe(1);
    expect(mine.data.map((p: any) => p.id)).not.toContain(`horse-${active.id}`);
    expect(mine.data[0].insured).toBe('Ot**********er');
    expect((await get(ownerB, 'payments')).data.map((p: any) => p.id)).not.toContain(payment.id);
    expect((await get(ownerB, 'refunds')).total).toBe(0);
    expect((await get(ownerB, 'claims')).total).toBe(0);
    // no session, no answer
    for (const path of ['policies', 'payments', 'refunds', 'claims', 'overview']) expect((await env.app.request(`/portal/api/${path}`)).status).toBe(401);
  });
});
