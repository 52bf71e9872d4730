import { signIn } from '../admin/admin-kit';
import { cancellationForm, eventually, PDF } from '../life/life-kit';
import { latestCode, MotorTestEnv, OWNER, quoteBody, quoteOtp, startMotorEnv } from '../support/motor-kit';
import { LOCAL_RECEIVERS_ENV, WebhookReceiver } from '../webhooks/webhook-receiver';
import { COMPANY, NO_ANSWERS, RESIDENT, SAUDI } from '../medical/medical-kit';
import { form, issueForm, nextVehicle } from '../tpl/tpl-kit';
import { DueEventScheduler } from '../../apps/api/src/platform/due-events/due-event-scheduler';

const CLOCKS = '/api/v1/sandbox/test-clocks';
const IBAN = 'SA0380000000608010167519';

const horseBody = () => ({
  horse: {
    name: 'Desert Wind',
    breed: 'Arabian',
    date_of_birth: '2019-03-01',
    sex: 'male',
    color: 'grey',
    use: 'racing',
    microchip_number: '682000000012345',
    value: 250000,
  },
  owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
  declaration: true,
});

/**
 * Terms of the families other than property, on a sandbox test clock: a policy issued on a clock and advanced past its
 * renewal notice and its end gets exactly one `policy.renewal_due` (to the endpoint that asked for it only) and one
 * `policy.status_updated` with status 4, and the status is stored. The service's own time never moves here.
 */
describe('policy terms: renewal due and expiry on a test clock', () => {
  let env: MotorTestEnv;
  let token: string;
  let subscribed: string;
  let legacy: string;
  let receivers: WebhookReceiver[] = [];
  const api = (path: string, opts: Parameters<MotorTestEnv['app']['request']>[1] = {}) => env.app.request(path, { token, ...opts });
  const onClock = (clockId: string) => ({ 'Sandbox-Test-Clock': clockId });

  beforeAll(async () => {
    env = await startMotorEnv({
      env: {
        TOKEN_TTL_SECONDS: '31536000',
        RATE_LIMIT_DEFAULT_PER_MINUTE: '1000',
        DUE_EVENTS_POLL_MS: '0',
        WEBHOOK_WORKER: 'false',
        ...LOCAL_RECEIVERS_ENV,
        RENEWAL_DUE_DAYS_HORSE: '45',
      },
    });
    token = (await env.app.partner()).token;
    receivers = [await WebhookReceiver.start(), await WebhookReceiver.start()];
    const events = ['policy.status_updated', 'policy.renewal_due'];
    subscribed = (await api('/api/v1/sandbox/webhook-endpoints', { json: { url: receivers[0].url, events } })).body.id;
    // Registered without `events`: the spec's two only, so a receiver written for the real service never gets a renewal.
    legacy = (await api('/api/v1/sandbox/webhook-endpoints', { json: { url: receivers[1].url } })).body.id;
    expect([typeof subscribed, typeof legacy]).toEqual(['string', 'string']);
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
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
  /** The outbox rows of `family`'s policy `id`, as `event:status` (renewals as `renewal`), per endpoint. */
  async function sent(family: string, id: number, endpointId: string): Promise<string[]> {
    const rows = await env.app.db.prisma.webhookDelivery.findMany({
      where: { policyType: family, policyId: id, endpointId, eventType: { in: ['policy.status_updated', 'policy.renewal_due'] } },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map((r) => (r.eventType === 'policy.renewal_due' ? 'renewal' : `status:${JSON.parse(r.body).policy.status}`)).sort();
  }
  const body = async (family: string, id: number, event: string) =>
    JSON.parse(
      (await env.app.db.prisma.webhookDelivery.findFirstOrThrow({ where: { policyType: family, policyId: id, eventType: event, endpointId: subscribed } }))
        .body,
    );
  /** The ids the console's `<family>-policies` list answers for one status filter. */
  const consoleIds = async (resource: string, status: number) => {
    const staff = await signIn(env.app, 'operations');
    const res = await staff.call(`/admin/api/${resource}?filter=${encodeURIComponent(JSON.stringify({ status }))}&range=${encodeURIComponent('[0,99]')}`);
    expect([resource, status, res.status]).toEqual([resource, status, 200]);
    return res.body.map((p: any) => p.id);
  };
  const dueRow = (kind: string, subject: string) => env.app.db.prisma.dueEvent.findUniqueOrThrow({ where: { kind_subject: { kind, subject } } });
  const pay = async (paymentLink: string) => {
    const paid = await api('/api/v1/sandbox/payments/pay', { json: { payment_link: paymentLink } });
    expect(paid.body).toMatchObject({ outcome: 'paid', payment: { status: 'paid' } });
  };

  it('a motor policy gets its renewal notice 30 days before its end, with a new quote request, then expires: status 4, one of each webhook', async () => {
    const otp = await quoteOtp(env.app, token);
    const quote = (
      await api('/api/v1/car-comp/quote-requests', {
        json: quoteBody(otp, { drivers: [{ owner_id: OWNER.owner_id, birthdate: OWNER.birthdate, driving_percentage: 100 }] }),
      })
    ).body;
    const offer = quote.quotes.find((q: any) => q.type !== 'Comprehensive');
    const selection = { quote_request_id: quote.id, quote_reference_id: offer.quote_reference_id, quote_price_id: offer.prices[0].quote_price_id };
    env.app.clock.advance(61_000);
    expect(
      (await api('/api/v1/car-comp/issue-otp', { json: { owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone, iban: IBAN, ...selection } }))
        .status,
    ).toBe(204);
    const code = await latestCode(env.app, token, OWNER.phone);
    const clockId = await newClock('motor year');
    const issued = await api('/api/v1/car-comp/policies', { json: { otp: code, ...selection }, headers: onClock(clockId) });
    expect(issued.status).toBe(201);
    const id = issued.body.id;
    await pay(issued.body.payment_link);
    // Its documents are produced after activation: wait for them, so the reads below compare a settled policy.
    await eventually(async () => !(await env.app.db.prisma.motorPolicy.findUniqueOrThrow({ where: { id } })).documentsPending);
    const active = (await api(`/api/v1/car-comp/policies/${id}`)).body;
    expect([active.status, active.start_date, active.end_date]).toEqual([1, '2026-11-23', '2027-11-22']);
    // Written with the activation, on the policy's clock: the end is the day after the last day of cover.
    expect(await dueRow('policy.expiry', `motor:${id}`)).toMatchObject({ state: 'pending', clockId, dueAt: new Date('2027-11-23T00:00:00Z') });
    expect(await dueRow('policy.renewal_due', `motor:${id}`)).toMatchObject({ state: 'pending', clockId, dueAt: new Date('2027-10-24T00:00:00Z') });

    await advance(clockId, '2027-10-23T23:59:59Z');
    expect(await sent('motor', id, subscribed)).toEqual(['status:0', 'status:1']);

    await advance(clockId, '2027-10-24T00:00:01Z');
    expect(await sent('motor', id, subscribed)).toEqual(['renewal', 'status:0', 'status:1']);
    expect(await sent('motor', id, legacy)).toEqual(['status:0', 'status:1']);
    const renewal = await body('motor', id, 'policy.renewal_due');
    expect(renewal.policy).toMatchObject({ id, status: 1, end_date: '2027-11-22' });
    expect(renewal.renewal).toEqual({
      family: 'motor',
      ends_at: '2027-11-23T00:00:00.000000Z',
      start_date: '2027-11-23',
      quote_request: {
        owner_id: OWNER.owner_id,
        email: OWNER.email,
        phone: OWNER.phone,
        birthdate: OWNER.birthdate,
        car_sequence_number: '123456789',
        is_ownership_transfer: false,
        car_estimated_cost: 80000,
        car_model_year: 2024,
        drivers: [{ owner_id: OWNER.owner_id, birthdate: OWNER.birthdate, driving_percentage: 100 }],
      },
      // only property prices the next term and sends its link
      policy_id: null,
      price: null,
      payment_link: null,
      payment_link_expires_at: null,
    });
    expect((await api(`/api/v1/car-comp/policies/${id}`)).body.status).toBe(1);
    // The console's renewals worklist: the notice offered a re-quote, not taken yet.
    const operations = await signIn(env.app, 'operations');
    const listed = (await operations.call(`/admin/api/renewals?filter=${encodeURIComponent('{"family":"motor"}')}&range=${encodeURIComponent('[0,99]')}`)).body;
    expect(listed.find((r: any) => r.policy_id === id)).toMatchObject({
      id: `motor:${id}`,
      offer: 're_quote',
      renewal_price: null,
      taken: false,
      ends_at: '2027-11-23T00:00:00.000000Z',
    });
    // The published document describes this body.
    const doc = (await env.app.request('/openapi.json')).body;
    expect(doc['x-webhooks']['policy.renewal_due'].post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/WebhookRenewalEnvelope',
    );
    const documented = doc.components.schemas.WebhookRenewalEnvelope.properties.renewal.properties;
    expect(Object.keys(documented).sort()).toEqual(Object.keys(renewal.renewal).sort());
    expect(Object.keys(renewal.renewal.quote_request).filter((k) => !(k in documented.quote_request.properties))).toEqual([]);

    await advance(clockId, '2027-11-23T00:00:01Z');
    const expired = (await api(`/api/v1/car-comp/policies/${id}`)).body;
    expect(expired.status).toBe(4);
    expect((await env.app.db.prisma.motorPolicy.findUniqueOrThrow({ where: { id } })).status).toBe(4);
    expect(await sent('motor', id, subscribed)).toEqual(['renewal', 'status:0', 'status:1', 'status:4']);
    expect(await sent('motor', id, legacy)).toEqual(['status:0', 'status:1', 'status:4']);
    const statusBodies = await env.app.db.prisma.webhookDelivery.findMany({
      where: { policyType: 'motor', policyId: id, endpointId: subscribed, eventType: 'policy.status_updated' },
    });
    const { policy } = statusBodies.map((r) => JSON.parse(r.body)).find((b) => b.policy.status === 4);
    expect(policy).toEqual(expired);

    // Once: later advances fire nothing more.
    await advance(clockId, '2028-01-01T00:00:00Z');
    expect(await sent('motor', id, subscribed)).toEqual(['renewal', 'status:0', 'status:1', 'status:4']);
    expect(await dueRow('policy.expiry', `motor:${id}`)).toMatchObject({ state: 'fired', attempts: 1 });
    // The list finds it by its status 4, and only there.
    const withStatus = async (status: number) => (await api(`/api/v1/car-comp/policies?status=${status}&per_page=100`)).body.data.map((p: any) => p.id);
    expect(await withStatus(4)).toContain(id);
    expect(await withStatus(1)).not.toContain(id);
    // The console's list finds it under its word (motor's console filters by name), and shows it so.
    const motorIds = async (status: string) =>
      (
        await operations.call(`/admin/api/motor-policies?filter=${encodeURIComponent(JSON.stringify({ status }))}&range=${encodeURIComponent('[0,99]')}`)
      ).body.map((p: any) => p.id);
    expect(await motorIds('expired')).toContain(id);
    expect(await motorIds('issued')).not.toContain(id);
    expect((await operations.call(`/admin/api/motor-policies/${id}`)).body).toMatchObject({ status: 'expired', status_code: 4 });
    // Search and the dashboard name the status too (the console labels the word), never the bare number.
    const found = (await operations.call(`/admin/api/search?q=${id}`)).body.results;
    expect(found.find((r: any) => r.resource === 'motor-policies' && r.id === String(id))).toMatchObject({ status: 'expired' });
    const byStatus = (await operations.call('/admin/api/dashboard')).body.policies_by_status;
    expect([byStatus.expired >= 1, Object.keys(byStatus).filter((k) => /^\d+$/.test(k))]).toEqual([true, []]);
  });

  it('a horse policy: its notice follows RENEWAL_DUE_DAYS_HORSE, it expires at its end, and an expired policy cannot be cancelled (409)', async () => {
    const clockId = await newClock('horse year');
    const issued = await api('/api/v1/horse/policies', { json: horseBody(), headers: onClock(clockId) });
    expect(issued.status).toBe(201);
    const id = issued.body.id;
    await pay(issued.body.payment_link);
    expect((await api(`/api/v1/horse/policies/${id}`)).body).toMatchObject({ status: 1, start_date: '2026-11-22', end_date: '2027-11-21' });
    expect((await dueRow('policy.renewal_due', `horse:${id}`)).dueAt).toEqual(new Date('2027-10-08T00:00:00Z'));

    await advance(clockId, '2027-10-08T00:00:01Z');
    expect(await sent('horse', id, subscribed)).toEqual(['renewal', 'status:0', 'status:1']);
    const renewal = await body('horse', id, 'policy.renewal_due');
    expect(renewal.renewal).toEqual({
      family: 'horse',
      ends_at: '2027-11-22T00:00:00.000000Z',
      start_date: '2027-11-22',
      quote_request: null,
      policy_id: null,
      price: null,
      payment_link: null,
      payment_link_expires_at: null,
    });
    expect(renewal.policy).toMatchObject({ id, status: 1 });

    await advance(clockId, '2027-11-22T00:00:01Z');
    expect((await api(`/api/v1/horse/policies/${id}`)).body.status).toBe(4);
    expect(await sent('horse', id, subscribed)).toEqual(['renewal', 'status:0', 'status:1', 'status:4']);
    expect(await consoleIds('horse-policies', 4)).toContain(id);
    expect(await consoleIds('horse-policies', 1)).not.toContain(id);
    const cancel = await api(`/api/v1/horse/policies/${id}/cancellation`, { method: 'POST', body: cancellationForm({ cancellation_document: PDF }) });
    expect(cancel.status).toBe(409);
    expect(cancel.body).toMatchObject({ status: 409, message: expect.stringMatching(/expired/) });
    expect((await api(`/api/v1/horse/policies/${id}`)).body.status).toBe(4);
    // Claims follow the cover, not the status: an incident on the last day is still claimed, the day after is not.
    const claim = (incidentDate: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ claim_type: 'vet_fees', incident_date: incidentDate, description: 'Colic surgery.', requested_amount: '18000.00' }))
        form.append(k, v);
      return api(`/api/v1/horse/policies/${id}/claims`, { method: 'POST', body: form });
    };
    expect((await claim('2027-11-21')).status).toBe(201);
    const late = await claim('2027-11-22');
    expect([late.status, Object.keys(late.body.details ?? {})]).toEqual([422, ['incident_date']]);
  });

  it('medical: one payment activates the company policy, which stores its year and expires the day after its last day', async () => {
    const clockId = await newClock('medical year');
    const company = await api('/api/v1/medical/companies', { json: COMPANY, headers: onClock(clockId) });
    expect(company.status).toBe(200);
    expect((await api(`/api/v1/medical/companies/${company.body.id}/employees`, { method: 'PUT', json: { employees: [SAUDI, RESIDENT] } })).status).toBe(200);
    await api('/api/v1/medical/medical-forms/fill', { json: { company_id: company.body.id, all_employees: NO_ANSWERS } });
    const quote = (await api('/api/v1/medical/quote-requests', { json: { company_id: company.body.id } })).body;
    const issued = await api('/api/v1/medical/policies', { json: { quote_request_id: quote.id, quote_price_id: quote.quotes[0].quote_price_id } });
    const id = issued.body.id;
    expect(issued.body.end_date).toBeNull();
    const link = (await api(`/api/v1/medical/payment-link?company_id=${company.body.id}`)).body;
    await pay(link.payment);
    const active = (await api(`/api/v1/medical/policies/${id}`)).body;
    expect([active.status, active.end_date]).toEqual([1, '2027-11-21']);
    expect((await env.app.db.prisma.medicalPolicy.findUniqueOrThrow({ where: { id } })).endDate).toBe('2027-11-21');
    expect((await api('/api/v1/medical/policies')).body.find((p: any) => p.id === id).end_date).toBe('2027-11-21');
    expect(await dueRow('policy.expiry', `medical:${id}`)).toMatchObject({ clockId, dueAt: new Date('2027-11-22T00:00:00Z') });

    await advance(clockId, '2027-11-22T00:00:01Z');
    const expired = (await api(`/api/v1/medical/policies/${id}`)).body;
    expect(expired.status).toBe(4);
    expect(await sent('medical', id, subscribed)).toEqual(['renewal', 'status:0', 'status:1', 'status:4']);
    expect(await consoleIds('medical-policies', 4)).toContain(id);
    expect(await consoleIds('medical-policies', 1)).not.toContain(id);
    expect((await body('medical', id, 'policy.renewal_due')).renewal).toMatchObject({ family: 'medical', ends_at: '2027-11-22T00:00:00.000000Z' });
    expect((await api(`/api/v1/medical/policies/${id}/deletion`, { method: 'POST', json: {} })).status).toBe(409);
  });

  it('a claim on a clocked policy still undecided at its deadline is flagged overdue once, and the console queue lists it; a decided one is not', async () => {
    const clockId = await newClock('claim deadline');
    const issued = await api('/api/v1/horse/policies', { json: horseBody(), headers: onClock(clockId) });
    await pay(issued.body.payment_link);
    const claim = async () => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ claim_type: 'vet_fees', incident_date: '2026-11-22', description: 'Colic surgery.', requested_amount: '18000.00' }))
        form.append(k, v);
      const res = await api(`/api/v1/horse/policies/${issued.body.id}/claims`, { method: 'POST', body: form });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const waiting = await claim();
    const decided = await claim();
    // Opened on the clock (its frozen time, 2026-11-22): due 15 days later.
    const opened = (await env.app.db.prisma.claim.findUniqueOrThrow({ where: { id: waiting } })).createdAt;
    expect(opened.toISOString().slice(0, 10)).toBe('2026-11-22');
    expect(await dueRow('claim.overdue', String(waiting))).toMatchObject({ state: 'pending', clockId, dueAt: new Date(opened.getTime() + 15 * 86_400_000) });
    const handler = await signIn(env.app, 'claims_handler');
    const move = (status: string, note?: string) => handler.call(`/admin/api/claims/${decided}/transition`, { json: { status, ...(note ? { note } : {}) } });
    expect((await move('under_review')).status).toBe(200);
    expect((await move('rejected', 'Pre-existing condition.')).status).toBe(200);
    const overdueQueue = async () =>
      (await handler.call(`/admin/api/claims?filter=${encodeURIComponent(JSON.stringify({ overdue: true }))}&range=${encodeURIComponent('[0,99]')}`)).body.map(
        (c: any) => c.id,
      );
    expect(await overdueQueue()).not.toContain(waiting);

    await advance(clockId, '2026-12-07T08:59:59Z');
    expect((await env.app.db.prisma.claim.findUniqueOrThrow({ where: { id: waiting } })).overdueAt).toBeNull();

    await advance(clockId, '2026-12-08T00:00:00Z');
    // The console's own clock is still in November: only the stored flag puts it in the queue.
    expect(await overdueQueue()).toEqual(expect.arrayContaining([waiting]));
    expect(await overdueQueue()).not.toContain(decided);
    const shown = (await handler.call(`/admin/api/claims/${waiting}`)).body;
    expect([shown.overdue, shown.overdue_at]).toEqual([true, '2026-12-08T00:00:00.000000Z']);
    expect((await env.app.db.prisma.claim.findUniqueOrThrow({ where: { id: decided } })).overdueAt).toBeNull();

    await advance(clockId, '2027-01-01T00:00:00Z');
    expect((await env.app.db.prisma.claim.findUniqueOrThrow({ where: { id: waiting } })).overdueAt).toEqual(new Date('2026-12-08T00:00:00Z'));
    expect(await dueRow('claim.overdue', String(waiting))).toMatchObject({ state: 'fired', attempts: 1 });
  });

  it("a TPL claim (claim family motor-tpl, policy family tpl) follows its policy's clock and is flagged overdue past its deadline", async () => {
    const clockId = await newClock('tpl claim deadline');
    const issued = await api('/v2/car/policies', { method: 'POST', body: await issueForm(env, nextVehicle()), headers: onClock(clockId) });
    expect(issued.status).toBe(201);
    await pay(issued.body.payment_link);
    const policy = await eventually(async () => {
      const p = (await api(`/v2/car/policies/${issued.body.id}`)).body;
      return p.status === 1 ? p : null;
    });
    await advance(clockId, `${policy.start_date}T12:00:00Z`);
    const fields = {
      claim_type: 'third_party_vehicle_damage',
      incident_date: policy.start_date,
      description: 'Hit a parked car.',
      requested_amount: '6500.00',
    };
    const filed = await api(`/v2/car/policies/${issued.body.id}/claims`, { method: 'POST', body: form(fields) });
    expect(filed.status).toBe(201);
    const id = filed.body.id as number;
    // opened on the policy's clock, and its deadline on that clock too
    const opened = (await env.app.db.prisma.claim.findUniqueOrThrow({ where: { id } })).createdAt;
    expect(opened).toEqual(new Date(`${policy.start_date}T12:00:00Z`));
    const due = new Date(opened.getTime() + 15 * 86_400_000);
    expect(await dueRow('claim.overdue', String(id))).toMatchObject({ state: 'pending', clockId, dueAt: due });

    await advance(clockId, new Date(due.getTime() - 1000).toISOString());
    expect((await env.app.db.prisma.claim.findUniqueOrThrow({ where: { id } })).overdueAt).toBeNull();
    await advance(clockId, due.toISOString());
    expect((await env.app.db.prisma.claim.findUniqueOrThrow({ where: { id } })).overdueAt).toEqual(due);
    expect(await dueRow('claim.overdue', String(id))).toMatchObject({ state: 'fired', attempts: 1 });
    const handler = await signIn(env.app, 'claims_handler');
    const shown = (await handler.call(`/admin/api/claims/${id}`)).body;
    expect([shown.product_family, shown.overdue]).toEqual(['motor-tpl', true]);

    // Deleting the clock, then real time reaching the deadline too, changes nothing already fired.
    expect((await api(`${CLOCKS}/${clockId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await dueRow('claim.overdue', String(id))).toMatchObject({ state: 'fired', attempts: 1, clockId: null });
    const realNow = env.app.clock.now();
    try {
      env.app.clock.set(new Date(due.getTime() + 86_400_000));
      expect(await env.app.api.app.get(DueEventScheduler).sweep()).toBe(0);
    } finally {
      env.app.clock.set(realNow);
    }
    expect((await env.app.db.prisma.claim.findUniqueOrThrow({ where: { id } })).overdueAt).toEqual(due);
    expect(await dueRow('claim.overdue', String(id))).toMatchObject({ state: 'fired', attempts: 1, clockId: null });
    expect((await handler.call(`/admin/api/claims/${id}`)).body.overdue_at).toBe(shown.overdue_at);
  });

  it("every family's list filters on each status its policies hold, expired (4) included, and says which ones in the document", async () => {
    const doc = (await env.app.request('/openapi.json')).body;
    const lists: Record<string, number[]> = {
      '/api/v1/car-comp/policies': [0, 1, 4],
      '/api/v1/property/policies': [0, 1, 2, 4],
      '/api/v1/life-snp/policies': [0, 1, 2, 4],
      '/api/v2/car/policies': [0, 1, 2, 3, 4],
      '/api/v1/yasmina-schengen-travel/policies': [0, 1, 2, 4],
    };
    for (const [path, statuses] of Object.entries(lists)) {
      for (const status of statuses) expect([path, status, (await api(`${path}?status=${status}`)).status]).toEqual([path, status, 200]);
      const refused = await api(`${path}?status=5`);
      expect([path, refused.status, refused.body.details]).toEqual([path, 422, { status: [`The status must be ${statuses.slice(0, -1).join(', ')} or 4.`] }]);
      expect([path, (await api(`${path}?status=active`)).status]).toEqual([path, 422]);
      const param = doc.paths[path].get.parameters.find((p: any) => p.name === 'status');
      expect([path, param.schema.enum]).toEqual([path, statuses]);
    }
  });

  it("every family's console list filters on each status its policies hold, expired included, and a 422 names them", async () => {
    const operations = await signIn(env.app, 'operations');
    const list = (resource: string, status: unknown) =>
      operations.call(`/admin/api/${resource}?filter=${encodeURIComponent(JSON.stringify({ status }))}&range=${encodeURIComponent('[0,9]')}`);
    const lists: Record<string, number[]> = {
      'property-policies': [0, 1, 2, 4],
      'tpl-policies': [0, 1, 2, 3, 4],
      'travel-policies': [0, 1, 2, 4],
      'life-policies': [0, 1, 2, 4],
      'horse-policies': [0, 1, 2, 4],
      'medical-policies': [0, 1, 2, 4],
    };
    for (const [resource, statuses] of Object.entries(lists)) {
      for (const status of statuses) expect([resource, status, (await list(resource, status)).status]).toEqual([resource, status, 200]);
      const named = `The status must be ${statuses.slice(0, -1).join(', ')} or 4.`;
      for (const bad of [5, 3, 'expired'].filter((b) => !statuses.includes(b as number))) {
        const refused = await list(resource, bad);
        expect([resource, bad, refused.status, refused.body.details]).toEqual([resource, bad, 422, { 'filter.status': [named] }]);
      }
    }
    // Motor's console names its statuses: expired is one of them.
    for (const status of ['pending', 'issued', 'expired']) expect([status, (await list('motor-policies', status)).status]).toEqual([status, 200]);
    const refused = await list('motor-policies', 4);
    expect([refused.status, refused.body.details]).toEqual([422, { 'filter.status': ['The status must be one of: pending, issued, expired.'] }]);
  });

  it('a policy cancelled before its renewal notice and its end is left alone', async () => {
    const clockId = await newClock('cancelled horse');
    const issued = await api('/api/v1/horse/policies', { json: horseBody(), headers: onClock(clockId) });
    const id = issued.body.id;
    await pay(issued.body.payment_link);
    const cancel = await api(`/api/v1/horse/policies/${id}/cancellation`, { method: 'POST', body: cancellationForm({ cancellation_document: PDF }) });
    expect(cancel.status).toBe(200);
    await advance(clockId, '2028-01-01T00:00:00Z');
    expect((await api(`/api/v1/horse/policies/${id}`)).body.status).toBe(2);
    expect(await sent('horse', id, subscribed)).toEqual(['status:0', 'status:1', 'status:2']);
    expect((await dueRow('policy.expiry', `horse:${id}`)).state).toBe('fired');
    expect((await dueRow('policy.renewal_due', `horse:${id}`)).state).toBe('fired');
  });
});
