import { signIn } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { policyBody } from '../support/property-kit';
import { eventually, LOCAL_RECEIVERS_ENV, WebhookReceiver } from '../webhooks/webhook-receiver';

const CLOCKS = '/api/v1/sandbox/test-clocks';
const DAY_S = 86_400;

/**
 * Due events fired by advancing a sandbox test clock, seen the way a partner sees them: its webhook deliveries
 * (with their bodies) and its reads. The service's own time never moves here, so whatever fires is the clock's doing.
 */
describe('due events on a test clock', () => {
  let env: MotorTestEnv;
  let token: string;
  let receiver: WebhookReceiver;
  const api = (path: string, opts: Parameters<MotorTestEnv['app']['request']>[1] = {}) => env.app.request(path, { token, ...opts });

  beforeAll(async () => {
    env = await startMotorEnv({
      env: {
        TOKEN_TTL_SECONDS: '31536000',
        RATE_LIMIT_DEFAULT_PER_MINUTE: '1000',
        PROPERTY_INSURER_TIMEOUT_MS: '5000',
        DUE_EVENTS_POLL_MS: '0',
        ...LOCAL_RECEIVERS_ENV,
      },
    });
    token = (await env.app.partner()).token;
    receiver = await WebhookReceiver.start();
    const endpoint = await api('/api/v1/sandbox/webhook-endpoints', { json: { url: receiver.url, events: ['policy.status_updated', 'payment.expired'] } });
    expect(endpoint.status).toBe(201);
  });
  afterAll(async () => {
    await receiver?.close();
    await env?.close();
  });

  async function newClock(name: string): Promise<string> {
    const res = await api(CLOCKS, { json: { name } });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  async function advance(clockId: string, body: Record<string, unknown>) {
    const res = await api(`${CLOCKS}/${clockId}/advance`, { json: body });
    expect(res.status).toBe(200);
    return res.body;
  }

  /** The partner's deliveries of `event` about policy `policyId`, with their bodies (the service's clock never moves here, so in no particular order). */
  async function deliveries(event: string, policyId: number): Promise<any[]> {
    const list = (await api('/api/v1/sandbox/webhook-deliveries?per_page=100')).body.data.filter(
      (d: any) => d.event_type === event && d.policy_id === policyId,
    );
    return Promise.all(list.map(async (d: any) => (await api(`/api/v1/sandbox/webhook-deliveries/${d.id}`)).body));
  }
  const statusesSent = async (policyId: number) => (await deliveries('policy.status_updated', policyId)).map((d) => d.payload.policy.status as number).sort();

  const paymentOf = async (policyId: number) =>
    (await api('/api/v1/payments?per_page=100')).body.data.find((p: any) => p.policy_type === 'property' && p.policy_id === policyId);

  it('a payment link that lapses unpaid is expired when the advance answers, announced once with payment.expired; later advances and deleting the clock change nothing', async () => {
    const clockId = await newClock('link lapses');
    const issued = await api('/api/v1/property/policies', { json: policyBody(), headers: { 'Sandbox-Test-Clock': clockId } });
    expect(issued.status).toBe(201);
    const before = await paymentOf(issued.body.id);
    expect(before.status).toBe('pending');
    const row = await env.app.db.prisma.dueEvent.findUniqueOrThrow({ where: { kind_subject: { kind: 'payment.lapse', subject: before.id } } });
    expect([row.state, row.clockId, row.dueAt.toISOString()]).toEqual(['pending', clockId, new Date(before.expires_at).toISOString()]);

    await advance(clockId, { seconds: 2 * DAY_S });
    // No read in between: the event itself stored the status.
    expect((await env.app.db.prisma.payment.findUniqueOrThrow({ where: { id: before.id } })).status).toBe('expired');
    const sent = await deliveries('payment.expired', issued.body.id);
    expect(sent.length).toBe(1);
    expect(sent[0].payload).toEqual({ payment: { ...before, status: 'expired', payment_link: null, updated_at: '2026-11-24T09:00:00.000000Z' } });
    expect(await paymentOf(issued.body.id)).toMatchObject({ status: 'expired', payment_link: null });
    // The published document describes this body.
    const doc = (await env.app.request('/openapi.json')).body;
    expect(doc['x-webhooks']['payment.expired'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/WebhookPaymentEnvelope');
    expect(Object.keys(doc.components.schemas.WebhookPaymentEnvelope.properties.payment.properties).sort()).toEqual(
      Object.keys(sent[0].payload.payment).sort(),
    );
    const fired = await env.app.db.prisma.dueEvent.findUniqueOrThrow({ where: { id: row.id } });
    expect([fired.state, fired.attempts, fired.firedAt !== null]).toEqual(['fired', 1, true]);

    await advance(clockId, { seconds: DAY_S });
    expect((await api(`${CLOCKS}/${clockId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await deliveries('payment.expired', issued.body.id)).toHaveLength(1);
    expect(await env.app.db.prisma.dueEvent.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ state: 'fired', clockId: null, attempts: 1 });
    // The partner's endpoint got it, signed as every event.
    await eventually(
      async () => receiver.received.some((r) => r.headers['webhook-event'] === 'payment.expired' && JSON.parse(r.body).payment.id === before.id),
      15_000,
      'payment.expired received',
    );
  });

  it('a link on real time is not fired by a clock, and an advance before the lapse fires nothing', async () => {
    const clockId = await newClock('not yet');
    const onClock = await api('/api/v1/property/policies', { json: policyBody(), headers: { 'Sandbox-Test-Clock': clockId } });
    const realTime = await api('/api/v1/property/policies', { json: policyBody() });
    expect([onClock.status, realTime.status]).toEqual([201, 201]);
    await advance(clockId, { seconds: 60 });
    expect((await paymentOf(onClock.body.id)).status).toBe('pending');
    await advance(clockId, { seconds: 2 * DAY_S });
    expect((await paymentOf(onClock.body.id)).status).toBe('expired');
    expect((await paymentOf(realTime.body.id)).status).toBe('pending');
    expect(await deliveries('payment.expired', realTime.body.id)).toHaveLength(0);
    const realRow = await env.app.db.prisma.dueEvent.findFirstOrThrow({ where: { kind: 'payment.lapse', subject: (await paymentOf(realTime.body.id)).id } });
    expect([realRow.state, realRow.clockId]).toEqual(['pending', null]);
  });

  it('a property policy paid on a clock expires when the clock passes its end date: status 4 stored, one status webhook with the policy as Show Policy answers it', async () => {
    const clockId = await newClock('policy expires');
    const issued = await api('/api/v1/property/policies', { json: policyBody({ start_date: '2026-11-23' }), headers: { 'Sandbox-Test-Clock': clockId } });
    expect(issued.status).toBe(201);
    const paid = await api('/api/v1/sandbox/payments/pay', { json: { payment_link: issued.body.payment_link } });
    expect(paid.body).toMatchObject({ outcome: 'paid', payment: { status: 'paid' } });
    const active = (await api(`/api/v1/property/policies/${issued.body.id}`)).body;
    expect([active.status, active.meta_data.end_date]).toEqual([1, '2027-11-23']);
    const row = await env.app.db.prisma.dueEvent.findUniqueOrThrow({
      where: { kind_subject: { kind: 'policy.expiry', subject: `property:${issued.body.id}` } },
    });
    expect([row.state, row.clockId, row.dueAt.toISOString()]).toEqual(['pending', clockId, '2027-11-23T00:00:00.000Z']);
    const statusEvents = () => statusesSent(issued.body.id);
    expect(await statusEvents()).toEqual([0, 1]);

    // The day before the end: still active, nothing sent.
    await advance(clockId, { frozen_time: '2027-11-22T23:59:59Z' });
    expect((await api(`/api/v1/property/policies/${issued.body.id}`)).body.status).toBe(1);
    expect(await statusEvents()).toEqual([0, 1]);

    await advance(clockId, { frozen_time: '2027-11-23T00:00:01Z' });
    const expired = (await api(`/api/v1/property/policies/${issued.body.id}`)).body;
    expect(expired.status).toBe(4);
    expect(await statusEvents()).toEqual([0, 1, 4]);
    const sent = (await deliveries('policy.status_updated', issued.body.id)).find((d) => d.payload.policy.status === 4).payload.policy;
    // Show Policy's object (its document links are signed per read, so compared by what they point at)
    const unsigned = (p: any) => ({
      ...p,
      meta_data: { ...p.meta_data, documents: p.meta_data.documents.map((d: any) => ({ ...d, url: String(d.url).split('?')[0] })) },
    });
    expect(unsigned(sent)).toEqual(unsigned(expired));
    expect((await api(`/api/v1/property/policies?status=4&per_page=100`)).body.data.map((p: any) => p.id)).toContain(issued.body.id);
    // The console's list finds it with the status 4 filter, not with the active one.
    const manager = await signIn(env.app, 'account_manager');
    const consoleIds = async (status: number) =>
      (
        await manager.call(`/admin/api/property-policies?filter=${encodeURIComponent(JSON.stringify({ status }))}&range=${encodeURIComponent('[0,99]')}`)
      ).body.map((p: any) => p.id);
    expect(await consoleIds(4)).toContain(issued.body.id);
    expect(await consoleIds(1)).not.toContain(issued.body.id);

    // Fired once: later advances and the clock's deletion change nothing; an expired policy is not cancelled.
    await advance(clockId, { seconds: 30 * DAY_S });
    expect((await api(`${CLOCKS}/${clockId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await statusEvents()).toEqual([0, 1, 4]);
    expect((await api(`/api/v1/property/policies/${issued.body.id}/cancellation`, { json: { reason: 'Too late.' } })).status).toBe(409);
    expect(await env.app.db.prisma.dueEvent.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ state: 'fired', attempts: 1, clockId: null });
  });

  it('a policy cancelled before its end does not expire', async () => {
    const clockId = await newClock('cancelled first');
    const issued = await api('/api/v1/property/policies', { json: policyBody({ start_date: '2026-11-23' }), headers: { 'Sandbox-Test-Clock': clockId } });
    await api('/api/v1/sandbox/payments/pay', { json: { payment_link: issued.body.payment_link } });
    expect((await api(`/api/v1/property/policies/${issued.body.id}/cancellation`, { json: { reason: 'Sold the flat.' } })).status).toBe(200);
    await advance(clockId, { frozen_time: '2027-12-01T00:00:00Z' });
    expect((await api(`/api/v1/property/policies/${issued.body.id}`)).body.status).toBe(2);
    expect(await statusesSent(issued.body.id)).toEqual([0, 1, 2]);
    expect(
      (await env.app.db.prisma.dueEvent.findUniqueOrThrow({ where: { kind_subject: { kind: 'policy.expiry', subject: `property:${issued.body.id}` } } })).state,
    ).toBe('fired');
  });
});
