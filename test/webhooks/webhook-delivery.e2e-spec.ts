import { createHmac } from 'node:crypto';
import { latestCode, MotorTestEnv, OWNER, quoteBody, quoteOtp, startMotorEnv } from '../support/motor-kit';
import { auditRows, signIn, StaffSession } from '../admin/admin-kit';
import { eventually, LOCAL_RECEIVERS_ENV, WebhookReceiver } from './webhook-receiver';

const IBAN = 'SA0380000000608010167519';

/** The verification recipe of docs/webhooks.md, written out by hand as a client would. */
function verifyAsDocumented(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

describe('webhook delivery', () => {
  let env: MotorTestEnv;
  let ops: StaffSession;
  let receiver: WebhookReceiver;
  let partner: Awaited<ReturnType<MotorTestEnv['app']['partner']>>;
  let endpoint: any;
  let quote: any;

  beforeAll(async () => {
    env = await startMotorEnv({
      env: {
        TOKEN_TTL_SECONDS: '31536000',
        WEBHOOK_POLL_INTERVAL_MS: '30',
        WEBHOOK_TIMEOUT_MS: '1000',
        WEBHOOK_RETRY_BASE_MS: '60000',
        WEBHOOK_MAX_ATTEMPTS: '3',
        ...LOCAL_RECEIVERS_ENV,
      },
    });
    ops = await signIn(env.app, 'operations');
    receiver = await WebhookReceiver.start();
    partner = await env.app.partner(['motor-tpl-comparison']);
    const created = await ops.call('/admin/api/webhook-endpoints', { json: { client_id: partner.id, url: receiver.url, description: 'Shop backend' } });
    expect(created.status).toBe(201);
    endpoint = created.body;
    const otp = await quoteOtp(env.app, partner.token);
    quote = (await env.app.request('/api/v1/car-comp/quote-requests', { token: partner.token, json: quoteBody(otp) })).body;
  });
  afterAll(async () => {
    await receiver?.close();
    await env?.close();
  });

  const tpl = () => quote.quotes.filter((q: any) => q.type !== 'Comprehensive');
  let nextOffer = 0;
  async function issuePolicy(extra: object = {}) {
    const offer = tpl()[nextOffer++];
    const sel = { quote_request_id: quote.id, quote_reference_id: offer.quote_reference_id, quote_price_id: offer.prices[0].quote_price_id };
    env.app.clock.advance(61_000);
    const otpRes = await env.app.request('/api/v1/car-comp/issue-otp', {
      token: partner.token,
      json: { owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone, iban: IBAN, ...sel },
    });
    expect(otpRes.status).toBe(204);
    const otp = await latestCode(env.app, partner.token, OWNER.phone);
    const res = await env.app.request('/api/v1/car-comp/policies', { token: partner.token, json: { otp, ...sel, ...extra } });
    expect(res.status).toBe(201);
    return res.body;
  }
  const deliveryOf = async (id: string) => (await ops.call(`/admin/api/webhook-deliveries/${id}`)).body;
  const waitStatus = (id: string, status: string) =>
    eventually(async () => ((await deliveryOf(id)).status === status ? deliveryOf(id) : null), 15_000, `delivery ${id} ${status}`);
  const testEvent = async () => {
    const res = await ops.call(`/admin/api/webhook-endpoints/${endpoint.id}/test`, { json: {} });
    expect(res.status).toBe(202);
    return res.body.delivery_id as string;
  };

  it('shows the signing secret and static key once and keeps them encrypted', async () => {
    expect(endpoint).toMatchObject({
      client_id: partner.id,
      url: receiver.url,
      events: ['policy.status_updated', 'policy.documents_updated'],
      active: true,
      secret_version: 1,
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint.static_key).toMatch(/^whk_/);
    const shown = await ops.call(`/admin/api/webhook-endpoints/${endpoint.id}`);
    expect(shown.body.secret).toBeUndefined();
    expect(shown.text).not.toContain(endpoint.secret.slice(6, 30));
    const row = await env.app.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(JSON.stringify(row)).not.toContain(endpoint.secret.slice(6, 30));
    expect(JSON.stringify(row)).not.toContain(endpoint.static_key);
    const audit = (await auditRows(env.app)).filter((r) => r.resourceId === endpoint.id);
    expect(audit.map((r) => r.action)).toEqual(['webhook-endpoints.create']);
    const text = JSON.stringify(audit, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    expect(text).not.toContain(endpoint.static_key);
    expect(text).not.toContain(endpoint.secret.slice(6, 30));
  });

  it('issuing a policy sends status 0 with the payment link, signed, in the {"policy"} envelope with the static key header', async () => {
    const before = receiver.received.length;
    const policy = await issuePolicy({ extra_data: { order: 'A-77' } });
    const [req] = (await receiver.waitFor(before + 1)).slice(before);
    const showRes = await env.app.request(`/api/v1/car-comp/policies/${policy.id}`, { token: partner.token });
    const shown = showRes.body;
    // Byte for byte the Show Policy object inside the real service's envelope.
    expect(req.body).toBe(`{"policy":${showRes.text}}`);
    expect(shown).toMatchObject({ status: 0, meta_data: { extra_data: { order: 'A-77' } } });
    expect(shown.payment_link).toBe(policy.payment_link);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['webhook-event']).toBe('policy.status_updated');
    expect(req.headers['x-webhook-url']).toBe(endpoint.static_key);
    expect(req.headers['x-webhook-key']).toBe(endpoint.static_key);
    expect(Number(req.headers['webhook-timestamp'])).toBe(Math.floor(env.app.clock.now().getTime() / 1000));
    expect(verifyAsDocumented(endpoint.secret, req.headers, req.body)).toBe(true);
    expect(verifyAsDocumented(endpoint.secret, req.headers, req.body.replace('A-77', 'A-78'))).toBe(false);

    // The recipe published in the API description, run as published (the receiver's clock is the test clock).
    const doc = (await env.app.request('/openapi.json')).body;
    const recipe = /```js\n([\s\S]*?)```/.exec(doc.info.description)![1];
    const clockDate = { now: () => env.app.clock.now().getTime() };
    const published = new Function('require', 'Date', `${recipe}; return verify;`)(require, clockDate) as (s: string, h: unknown, b: string) => boolean;
    expect(published(endpoint.secret, req.headers, req.body)).toBe(true);
    expect(published(endpoint.secret, req.headers, req.body.replace('A-77', 'A-78'))).toBe(false);
    expect(published(endpoint.secret, { ...req.headers, 'webhook-id': 'other' }, req.body)).toBe(false);
    expect(doc['x-webhooks']['policy.status_updated'].post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/WebhookPolicyEnvelope',
    );
    expect(Object.keys(doc.components.schemas.WebhookPolicy.properties)).toEqual(expect.arrayContaining(Object.keys(shown)));

    const delivery = await waitStatus(String(req.headers['webhook-id']), 'delivered');
    expect(delivery).toMatchObject({
      endpoint_id: endpoint.id,
      client_id: partner.id,
      event_type: 'policy.status_updated',
      policy_id: policy.id,
      attempt_count: 1,
      last_status_code: 200,
    });
    expect(delivery.payload).toEqual({ policy: shown });
    expect(delivery.attempts).toEqual([expect.objectContaining({ number: 1, outcome: 'delivered', status_code: 200, response_snippet: 'ok', error: null })]);
    expect(delivery.attempts[0].duration_ms).toBeGreaterThanOrEqual(0);
  });

  it("sends only to active endpoints of the policy's own client subscribed to the event", async () => {
    const docsOnly = await WebhookReceiver.start();
    const disabled = await WebhookReceiver.start();
    const otherClient = await WebhookReceiver.start();
    try {
      const a = await ops.call('/admin/api/webhook-endpoints', { json: { client_id: partner.id, url: docsOnly.url, events: ['policy.documents_updated'] } });
      const b = await ops.call('/admin/api/webhook-endpoints', { json: { client_id: partner.id, url: disabled.url } });
      expect((await ops.call(`/admin/api/webhook-endpoints/${b.body.id}/deactivate`, { method: 'POST' })).body).toMatchObject({ active: false });
      const other = await env.app.createClient(['motor-tpl-comparison']);
      expect((await ops.call('/admin/api/webhook-endpoints', { json: { client_id: other.id, url: otherClient.url } })).status).toBe(201);
      const before = receiver.received.length;
      const policy = await issuePolicy();
      await receiver.waitFor(before + 1);
      await new Promise((r) => setTimeout(r, 300));
      expect([docsOnly.received.length, disabled.received.length, otherClient.received.length]).toEqual([0, 0, 0]);
      const rows = await ops.call(`/admin/api/webhook-deliveries?filter=${encodeURIComponent(JSON.stringify({ policy_id: policy.id }))}`);
      expect(rows.body.map((d: any) => d.endpoint_id)).toEqual([endpoint.id]);
      expect(rows.headers.get('content-range')).toBe('webhook-deliveries 0-0/1');
      expect((await ops.call(`/admin/api/webhook-endpoints/${a.body.id}/test`, { json: { event: 'policy.documents_updated' } })).status).toBe(202);
      const [docReq] = await docsOnly.waitFor(1);
      expect(docReq.headers['webhook-event']).toBe('policy.documents_updated');
      expect(verifyAsDocumented(a.body.secret, docReq.headers, docReq.body)).toBe(true);
      // The test event carries the client's latest real policy.
      expect(JSON.parse(docReq.body).policy.id).toBe(policy.id);
      expect((await ops.call(`/admin/api/webhook-endpoints/${b.body.id}/test`, { json: {} })).status).toBe(409);
    } finally {
      await Promise.all([docsOnly.close(), disabled.close(), otherClient.close()]);
    }
  });

  it('retries after a 500 with backoff on the injected clock, recording every attempt', async () => {
    receiver.reply({ status: 500, body: 'database down' });
    const before = receiver.received.length;
    const id = await testEvent();
    await receiver.waitFor(before + 1);
    const failed = await eventually(async () => {
      const d = await deliveryOf(id);
      return d.attempt_count === 1 && d.status === 'pending' && !d.in_flight ? d : null;
    });
    expect(failed).toMatchObject({ last_status_code: 500, last_error: 'The endpoint answered 500.' });
    const wait = Date.parse(failed.next_attempt_at) - env.app.clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(48_000); // one minute ±20 %
    expect(wait).toBeLessThanOrEqual(72_000);

    // Not due yet: nothing is sent while the clock stands still.
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received.length).toBe(before + 1);
    env.app.clock.advance(wait);
    await receiver.waitFor(before + 2);
    const delivered = await waitStatus(id, 'delivered');
    expect(receiver.received[before + 1].headers['webhook-id']).toBe(id);
    expect(receiver.received[before].headers['webhook-id']).toBe(id);
    expect(delivered.attempt_count).toBe(2);
    expect(delivered.attempts.map((a: any) => [a.number, a.outcome, a.status_code, a.response_snippet])).toEqual([
      [1, 'failed', 500, 'database down'],
      [2, 'delivered', 200, 'ok'],
    ]);
  });

  it('a 4xx other than 408/429 is final; a timeout is retried; after the last attempt the delivery fails', async () => {
    receiver.reply({ status: 410, body: 'gone' });
    const gone = await testEvent();
    const final = await waitStatus(gone, 'failed');
    expect(final).toMatchObject({ attempt_count: 1, last_status_code: 410, next_attempt_at: null });

    receiver.reply('hang', { status: 503 }, { status: 429 });
    const slow = await testEvent();
    const timedOut = await eventually(async () => {
      const d = await deliveryOf(slow);
      return d.attempt_count === 1 && d.status === 'pending' && !d.in_flight ? d : null;
    });
    expect(timedOut.attempts[0]).toMatchObject({ outcome: 'failed', status_code: null, error: 'Timed out after 1000 ms.' });
    env.app.clock.advance(73_000);
    await eventually(async () => ((await deliveryOf(slow)).attempt_count === 2 && !(await deliveryOf(slow)).in_flight ? true : null));
    const second = await deliveryOf(slow);
    expect(second.status).toBe('pending');
    // The second wait is four times the first (four minutes ±20 %).
    const wait = Date.parse(second.next_attempt_at) - env.app.clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(192_000);
    expect(wait).toBeLessThanOrEqual(288_000);
    env.app.clock.advance(wait);
    const failed = await waitStatus(slow, 'failed'); // WEBHOOK_MAX_ATTEMPTS=3
    expect(failed.attempts.map((a: any) => a.status_code)).toEqual([null, 503, 429]);
    await new Promise((r) => setTimeout(r, 200));
    env.app.clock.advance(24 * 3600_000);
    await new Promise((r) => setTimeout(r, 200));
    ops = await signIn(env.app, 'operations'); // the day ahead ended the console session
    expect((await deliveryOf(slow)).attempt_count).toBe(3);
  });

  it('resends a delivery with the same webhook-id, audited; refuses unknown ids', async () => {
    const id = await testEvent();
    await waitStatus(id, 'delivered');
    const before = receiver.received.length;
    const res = await ops.call(`/admin/api/webhook-deliveries/${id}/resend`, { method: 'POST', headers: { 'X-Request-Id': 'resend-1' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('pending');
    await receiver.waitFor(before + 1);
    expect(receiver.received[before].headers['webhook-id']).toBe(id);
    expect((await waitStatus(id, 'delivered')).attempt_count).toBe(2);
    expect((await auditRows(env.app)).pop()).toMatchObject({ action: 'webhook-deliveries.resend', resourceId: id, requestId: 'resend-1', staffId: ops.id });
    expect((await ops.call('/admin/api/webhook-deliveries/00000000-0000-4000-8000-000000000000/resend', { method: 'POST' })).status).toBe(404);
  });

  it('resends several deliveries at once with a reason, all or none, each audited', async () => {
    const [a, b] = [await testEvent(), await testEvent()];
    await waitStatus(a, 'delivered');
    await waitStatus(b, 'delivered');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const auditBefore = (await auditRows(env.app)).length;
    // one unknown id: nothing is resent, and the answer names it
    const refused = await ops.call('/admin/api/webhook-deliveries/resend', { json: { ids: [a, unknown], reason: 'Partner outage over.' } });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toContain(unknown);
    expect((await deliveryOf(a)).status).toBe('delivered');
    expect((await ops.call('/admin/api/webhook-deliveries/resend', { json: { ids: [a, b] } })).status).toBe(422);
    expect((await ops.call('/admin/api/webhook-deliveries/resend', { json: { ids: [], reason: 'x' } })).status).toBe(422);
    expect((await auditRows(env.app)).length).toBe(auditBefore);
    const before = receiver.received.length;
    const res = await ops.call('/admin/api/webhook-deliveries/resend', { json: { ids: [b, a], reason: 'Partner outage over.' } });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: any) => d.status)).toEqual(['pending', 'pending']);
    await receiver.waitFor(before + 2);
    expect((await waitStatus(a, 'delivered')).attempt_count).toBe(2);
    expect((await waitStatus(b, 'delivered')).attempt_count).toBe(2);
    const audits = (await auditRows(env.app)).slice(auditBefore);
    expect(audits.map((r) => [r.action, r.resourceId, (r.after as any).reason]).sort()).toEqual(
      [a, b].map((id) => ['webhook-deliveries.resend', id, 'Partner outage over.']).sort(),
    );
    // roles without resend are refused
    const manager = await signIn(env.app, 'account_manager');
    expect((await manager.call('/admin/api/webhook-deliveries/resend', { json: { ids: [a], reason: 'x' } })).status).toBe(403);
  });

  it('a pending delivery of an endpoint disabled meanwhile ends as failed without being sent', async () => {
    receiver.reply({ status: 500 });
    const id = await testEvent();
    const pending = await eventually(async () => {
      const d = await deliveryOf(id);
      return d.attempt_count === 1 && d.status === 'pending' && !d.in_flight ? d : null;
    });
    expect((await ops.call(`/admin/api/webhook-endpoints/${endpoint.id}/deactivate`, { method: 'POST' })).status).toBe(200);
    const before = receiver.received.length;
    env.app.clock.set(pending.next_attempt_at);
    const failed = await waitStatus(id, 'failed');
    expect(failed.attempts.at(-1)).toMatchObject({ number: 2, outcome: 'failed', error: 'The endpoint is disabled.' });
    expect(receiver.received.length).toBe(before);
    expect((await ops.call(`/admin/api/webhook-endpoints/${endpoint.id}/activate`, { method: 'POST' })).body.active).toBe(true);
  });

  it('rotating the secret signs later deliveries with the new one only', async () => {
    const rotated = await ops.call(`/admin/api/webhook-endpoints/${endpoint.id}/rotate-secret`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret_version).toBe(2);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    const before = receiver.received.length;
    await testEvent();
    const [req] = (await receiver.waitFor(before + 1)).slice(before);
    expect(verifyAsDocumented(rotated.body.secret, req.headers, req.body)).toBe(true);
    expect(verifyAsDocumented(endpoint.secret, req.headers, req.body)).toBe(false);
    expect(req.headers['x-webhook-url']).toBe(rotated.body.static_key);
    endpoint = { ...endpoint, ...rotated.body };
  });

  it('checks input, permissions and tenancy of the admin API', async () => {
    const bad = await ops.call('/admin/api/webhook-endpoints', {
      json: { client_id: '00000000-0000-4000-8000-000000000000', url: 'ftp://x.example/h', events: ['policy.paid'] },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['events.0']);
    const badUrl = await ops.call('/admin/api/webhook-endpoints', { json: { client_id: partner.id, url: 'ftp://x.example/h' } });
    expect(badUrl.body.details).toEqual({ url: ['The url must be an absolute http or https URL.'] });
    const noClient = await ops.call('/admin/api/webhook-endpoints', { json: { client_id: '00000000-0000-4000-8000-000000000000', url: receiver.url } });
    expect(noClient.body.details).toEqual({ client_id: ['No API client with this id.'] });
    const am = await signIn(env.app, 'account_manager');
    expect((await am.call('/admin/api/webhook-endpoints')).status).toBe(200);
    expect((await am.call('/admin/api/webhook-deliveries')).status).toBe(200);
    expect((await am.call('/admin/api/webhook-endpoints', { json: { client_id: partner.id, url: receiver.url } })).status).toBe(403);
    expect((await am.call(`/admin/api/webhook-endpoints/${endpoint.id}/test`, { json: {} })).status).toBe(403);
    const claims = await signIn(env.app, 'claims_handler');
    expect((await claims.call('/admin/api/webhook-deliveries')).status).toBe(403);
    expect((await claims.call(`/admin/api/webhook-endpoints/${endpoint.id}`)).status).toBe(403);
    const mine = await ops.call(`/admin/api/webhook-endpoints?filter=${encodeURIComponent(JSON.stringify({ client_id: partner.id }))}`);
    expect(mine.body.every((e: any) => e.client_id === partner.id)).toBe(true);
    expect(mine.body.some((e: any) => 'secret' in e || 'static_key' in e)).toBe(false);
    expect((await ops.call('/admin/api/webhook-deliveries?filter={"status":"lost"}')).body.details).toHaveProperty(['filter.status']);
  });
});
