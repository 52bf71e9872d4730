import { signInEveryRole } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { policyBody } from '../support/property-kit';
import { LOCAL_RECEIVERS_ENV, WebhookReceiver } from '../webhooks/webhook-receiver';

const CLOCKS = '/api/v1/sandbox/test-clocks';
const renewalsWhere = (filter: object, range = '[0,99]') =>
  `/admin/api/renewals?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(range)}`;

/**
 * A property policy's renewal on a sandbox test clock: when its notice comes due the insurer prices the next term over
 * HTTP, the service writes that term (pending, `renewal_of` the current one) with its own payment link, and the
 * `policy.renewal_due` webhook carries both; paying the link activates the next term from the current one's end, and
 * the console's renewals worklist shows the renewal taken. The service's own time never moves here.
 */
describe('property renewal: the insurer prices the next term, a new link pays it', () => {
  let env: MotorTestEnv;
  let token: string;
  let endpointId: string;
  let receiver: WebhookReceiver;
  const api = (path: string, opts: Parameters<MotorTestEnv['app']['request']>[1] = {}) => env.app.request(path, { token, ...opts });

  beforeAll(async () => {
    env = await startMotorEnv({
      env: {
        TOKEN_TTL_SECONDS: '31536000',
        RATE_LIMIT_DEFAULT_PER_MINUTE: '1000',
        PROPERTY_INSURER_TIMEOUT_MS: '5000',
        DUE_EVENTS_POLL_MS: '0',
        WEBHOOK_WORKER: 'false',
        ...LOCAL_RECEIVERS_ENV,
      },
    });
    token = (await env.app.partner()).token;
    receiver = await WebhookReceiver.start();
    const endpoint = await api('/api/v1/sandbox/webhook-endpoints', { json: { url: receiver.url, events: ['policy.status_updated', 'policy.renewal_due'] } });
    expect(endpoint.status).toBe(201);
    endpointId = endpoint.body.id;
  });
  afterAll(async () => {
    await api('/api/v1/sandbox/insurers', { method: 'DELETE' });
    await receiver?.close();
    await env?.close();
  });

  async function newClock(name: string): Promise<string> {
    const res = await api(CLOCKS, { json: { name } });
    expect(res.status).toBe(201);
    return res.body.id;
  }
  async function advance(clockId: string, frozenTime: string) {
    const res = await api(`${CLOCKS}/${clockId}/advance`, { json: { frozen_time: frozenTime } });
    expect(res.status).toBe(200);
  }
  async function activePolicy(clockId: string, over: Record<string, unknown> = {}): Promise<number> {
    const issued = await api('/api/v1/property/policies', {
      json: policyBody({ start_date: '2026-11-23', ...over }),
      headers: { 'Sandbox-Test-Clock': clockId },
    });
    expect(issued.status).toBe(201);
    const paid = await api('/api/v1/sandbox/payments/pay', { json: { payment_link: issued.body.payment_link } });
    expect(paid.body).toMatchObject({ outcome: 'paid', payment: { status: 'paid' } });
    return issued.body.id;
  }
  const renewalBodies = async (policyId: number) =>
    (
      await env.app.db.prisma.webhookDelivery.findMany({
        where: { policyType: 'property', policyId, endpointId, eventType: 'policy.renewal_due' },
      })
    ).map((d) => JSON.parse(d.body));
  const dueRow = (kind: string, subject: string) => env.app.db.prisma.dueEvent.findUniqueOrThrow({ where: { kind_subject: { kind, subject } } });

  it('prices the next term with the insurer, writes it with its own link, and paying it activates the term from the previous end; the worklist shows it taken', async () => {
    const clockId = await newClock('property renewal');
    const id = await activePolicy(clockId);
    const current = await env.app.db.prisma.propertyPolicy.findUniqueOrThrow({ where: { id } });
    expect(current.endDate.toISOString().slice(0, 10)).toBe('2027-11-23');
    expect((await dueRow('policy.renewal_due', `property:${id}`)).dueAt).toEqual(new Date('2027-10-24T00:00:00Z'));

    await advance(clockId, '2027-10-24T00:00:01Z');
    const [notice, ...more] = await renewalBodies(id);
    expect(more).toEqual([]);
    const next = await env.app.db.prisma.propertyPolicy.findFirstOrThrow({ where: { renewalOf: id } });
    expect(notice.policy).toMatchObject({ id, status: 1 });
    expect(notice.renewal).toEqual({
      family: 'property',
      ends_at: '2027-11-23T00:00:00.000000Z',
      start_date: '2027-11-23',
      quote_request: null,
      policy_id: next.id,
      price: Number(next.price.toFixed(2)),
      payment_link: expect.stringMatching(/\/pay\/[\w-]{16,}$/),
      payment_link_expires_at: '2027-11-23T00:00:00.000000Z',
    });
    // The next term as written: pending, same insurer and property, one year from the current end, priced by the insurer
    // (the building a year older, so not simply the old price), VAT added once.
    expect(next).toMatchObject({ status: 0, clientId: current.clientId, insurerCode: current.insurerCode, nationalityId: current.nationalityId });
    expect([next.startDate.toISOString().slice(0, 10), next.endDate.toISOString().slice(0, 10)]).toEqual(['2027-11-23', '2028-11-23']);
    expect(next.netPremium.plus(next.vat).toFixed(2)).toBe(next.price.toFixed(2));
    expect(next.vat.toFixed(2)).toBe(next.netPremium.times(0.15).toDecimalPlaces(2).toFixed(2));
    const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'property', policyId: next.id } });
    expect([payment.status, payment.amount.toFixed(2), payment.expiresAt.toISOString()]).toEqual([
      'pending',
      next.price.toFixed(2),
      '2027-11-23T00:00:00.000Z',
    ]);
    // The link lapses with the term, on the policy's clock.
    expect(await dueRow('payment.lapse', payment.id)).toMatchObject({ state: 'pending', clockId });

    const staff = await signInEveryRole(env.app);
    const row = async () => (await staff.operations.call(renewalsWhere({ family: 'property' }))).body.find((r: any) => r.policy_id === id);
    expect(await row()).toMatchObject({
      id: `property:${id}`,
      family: 'property',
      resource: 'property-policies',
      policy_status: 'active',
      holder: 'Sara Ahmed',
      due_at: '2027-10-24T00:00:00.000000Z',
      ends_at: '2027-11-23T00:00:00.000000Z',
      offer: 'renewal_price',
      renewal_price: Number(next.price.toFixed(2)),
      renewal_policy_id: next.id,
      taken: false,
    });

    // The customer pays with the sandbox card: the next term is active from the previous end.
    const paid = await api('/api/v1/sandbox/payments/pay', { json: { payment_link: notice.renewal.payment_link } });
    expect(paid.body).toMatchObject({ outcome: 'paid', payment: { status: 'paid' } });
    const renewed = (await api(`/api/v1/property/policies/${next.id}`)).body;
    expect(renewed).toMatchObject({
      status: 1,
      renewal_of: id,
      meta_data: { start_date: '2027-11-23', end_date: '2028-11-23' },
      provider_policy_id: expect.any(String),
    });
    expect((await api(`/api/v1/property/policies/${id}`)).body.renewal_of).toBeNull();
    expect((await api('/api/v1/property/policies?per_page=100')).body.data.find((p: any) => p.id === next.id).renewal_of).toBe(id);
    expect((await env.app.db.prisma.propertyPolicy.findUniqueOrThrow({ where: { id: next.id } })).status).toBe(1);
    // Its own term: expiry at its end and a notice 30 days before, on the same clock.
    expect(await dueRow('policy.expiry', `property:${next.id}`)).toMatchObject({ state: 'pending', clockId, dueAt: new Date('2028-11-23T00:00:00Z') });
    expect(await row()).toMatchObject({ taken: true, renewal_policy_id: next.id });
    expect((await staff.operations.call(renewalsWhere({ taken: false }))).body.map((r: any) => r.id)).not.toContain(`property:${id}`);
    expect((await staff.admin.call(renewalsWhere({ taken: true }))).body.map((r: any) => r.id)).toContain(`property:${id}`);

    // The current term still ends on its day; the paid next term goes on.
    await advance(clockId, '2027-11-23T00:00:01Z');
    expect((await env.app.db.prisma.propertyPolicy.findUniqueOrThrow({ where: { id } })).status).toBe(4);
    expect((await env.app.db.prisma.propertyPolicy.findUniqueOrThrow({ where: { id: next.id } })).status).toBe(1);
    expect(await row()).toMatchObject({ policy_status: 'expired', taken: true });
  });

  it('cancelling the current policy withdraws the next term it offered: cancelled unpaid, its link retired and announced; the link no longer pays', async () => {
    const clockId = await newClock('cancelled before renewal');
    const id = await activePolicy(clockId);
    await advance(clockId, '2027-10-24T00:00:01Z');
    const [notice] = await renewalBodies(id);
    const nextId = notice.renewal.policy_id as number;
    expect((await api(`/api/v1/property/policies/${id}/cancellation`, { json: { reason: 'Sold the flat.' } })).status).toBe(200);

    const next = await env.app.db.prisma.propertyPolicy.findUniqueOrThrow({ where: { id: nextId } });
    expect(next).toMatchObject({ status: 2, cancellationReason: 'Withdrawn: the policy it renews was cancelled.', refundAmount: expect.anything() });
    expect(next.refundAmount!.toFixed(2)).toBe('0.00');
    const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'property', policyId: nextId } });
    expect([payment.status, payment.statusReason]).toEqual(['cancelled', 'policy_cancelled']);
    expect(await env.app.db.prisma.refund.count({ where: { policyType: 'property', policyId: nextId } })).toBe(0);
    const announced = (
      await env.app.db.prisma.webhookDelivery.findMany({ where: { policyType: 'property', policyId: nextId, endpointId, eventType: 'policy.status_updated' } })
    ).map((d) => JSON.parse(d.body).policy.status);
    expect(announced).toEqual([2]);
    expect((await api(`/api/v1/property/policies/${nextId}`)).body.status).toBe(2);
    const pay = await api('/api/v1/sandbox/payments/pay', { json: { payment_link: notice.renewal.payment_link } });
    expect(pay.body.outcome).not.toBe('paid');
    expect((await env.app.db.prisma.propertyPolicy.findUniqueOrThrow({ where: { id: nextId } })).status).toBe(2);
  });

  it('an insurer that fails to price leaves the notice unsent and nothing written; it is tried again and sent once the insurer answers', async () => {
    const clockId = await newClock('insurer down at renewal');
    const id = await activePolicy(clockId);
    expect((await api('/api/v1/sandbox/insurers/dune', { method: 'PUT', json: { family: 'property', fault: 'error' } })).status).toBe(200);
    try {
      await advance(clockId, '2027-10-24T00:00:01Z');
      expect(await renewalBodies(id)).toEqual([]);
      expect(await env.app.db.prisma.propertyPolicy.count({ where: { renewalOf: id } })).toBe(0);
      expect(await dueRow('policy.renewal_due', `property:${id}`)).toMatchObject({ state: 'pending', attempts: 1, lastError: expect.stringMatching(/dune/) });
    } finally {
      await api('/api/v1/sandbox/insurers', { method: 'DELETE' });
    }
    // The retry waits 30 s of real time (the lease doubles as the not-before).
    env.app.clock.advance(31_000);
    await advance(clockId, '2027-10-24T00:00:02Z');
    const bodies = await renewalBodies(id);
    expect(bodies).toHaveLength(1);
    const next = await env.app.db.prisma.propertyPolicy.findFirstOrThrow({ where: { renewalOf: id } });
    expect(bodies[0].renewal).toMatchObject({ policy_id: next.id, price: Number(next.price.toFixed(2)) });
    expect(await dueRow('policy.renewal_due', `property:${id}`)).toMatchObject({ state: 'fired', attempts: 2 });
  });

  it('the worklist: filters by family and taken, pages with Content-Range, 422 names a bad filter, and only operations and admins read it', async () => {
    const clockId = await newClock('untaken renewal');
    const id = await activePolicy(clockId, { personal_details: { ...policyBody().personal_details, nationality_id: '1098765432' } });
    await advance(clockId, '2027-10-24T00:00:01Z');
    const staff = await signInEveryRole(env.app);
    const untaken = await staff.operations.call(renewalsWhere({ family: 'property', taken: false }));
    expect(untaken.status).toBe(200);
    expect(untaken.body.map((r: any) => r.id)).toContain(`property:${id}`);
    expect(untaken.body.every((r: any) => r.family === 'property' && r.taken === false)).toBe(true);
    const all = await staff.operations.call(renewalsWhere({}));
    const total = Number(all.headers.get('content-range')!.split('/')[1]);
    expect(total).toBeGreaterThanOrEqual(3);
    const first = await staff.operations.call(renewalsWhere({}, '[0,0]'));
    expect(first.body).toHaveLength(1);
    expect(first.headers.get('content-range')).toBe(`renewals 0-0/${total}`);
    expect((await staff.operations.call(renewalsWhere({ family: 'motor' }))).body.map((r: any) => r.family)).not.toContain('property');

    const bad = await staff.operations.call(renewalsWhere({ family: 'boats' }));
    expect([bad.status, Object.keys(bad.body.errors ?? bad.body.details ?? {})]).toEqual([422, ['filter.family']]);
    const badTaken = await staff.operations.call(renewalsWhere({ taken: 'yes' }));
    expect(badTaken.status).toBe(422);
    expect((await staff.claims_handler.call('/admin/api/renewals')).status).toBe(403);
    expect((await staff.account_manager.call('/admin/api/renewals')).status).toBe(403);
    const csv = await staff.operations.call(`/admin/api/renewals?format=csv&filter=${encodeURIComponent('{"family":"property"}')}`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`property:${id}`);

    // The customer buys a new policy for the same building instead of paying the offer: that takes the renewal too.
    // (Another customer's policy does not.)
    const row = async () => (await staff.operations.call(renewalsWhere({ family: 'property' }))).body.find((r: any) => r.policy_id === id);
    const other = await api('/api/v1/property/policies', {
      json: policyBody({ start_date: '2027-11-23', personal_details: { ...policyBody().personal_details, nationality_id: '1055555555' } }),
      headers: { 'Sandbox-Test-Clock': clockId },
    });
    expect((await api('/api/v1/sandbox/payments/pay', { json: { payment_link: other.body.payment_link } })).body.outcome).toBe('paid');
    expect(await row()).toMatchObject({ taken: false });
    const bought = await api('/api/v1/property/policies', {
      json: policyBody({ start_date: '2027-11-23', personal_details: { ...policyBody().personal_details, nationality_id: '1098765432' } }),
      headers: { 'Sandbox-Test-Clock': clockId },
    });
    expect(bought.status).toBe(201);
    expect(await row()).toMatchObject({ taken: false }); // not paid yet
    expect((await api('/api/v1/sandbox/payments/pay', { json: { payment_link: bought.body.payment_link } })).body.outcome).toBe('paid');
    expect(await row()).toMatchObject({ taken: true, renewal_price: expect.any(Number) });
  });
});
