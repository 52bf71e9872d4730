import { createHmac } from 'node:crypto';
import { MINUTE_MS } from '../../libs/common/src';
import {
  deliveryPageShape,
  deliveriesReplayedShape,
  deliveryShape,
  deliveryWithAttemptsShape,
  endpointListShape,
  endpointShape,
  issuedEndpointShape,
  testQueuedShape,
} from '../../apps/api/src/webhooks/partner/partner-webhooks.schemas';
import { signIn, StaffSession } from '../admin/admin-kit';
import { http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';
import { eventually, LOCAL_RECEIVERS_ENV, Received, WebhookReceiver } from '../webhooks/webhook-receiver';
import { portalUser, PortalSession, resetPortalKit } from './portal-kit';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The receiver's check from docs/webhooks.md: the HMAC of "id.timestamp.body" under the endpoint's secret. */
function signedWith(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = 'v1,' + createHmac('sha256', key).update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`).digest('base64');
  return String(r.headers['webhook-signature']).split(' ').includes(expected);
}

describe("the portal's Webhooks area", () => {
  let app: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    resetPortalKit();
    app = await startTestApp({ env: { WEBHOOK_POLL_INTERVAL_MS: '30', RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', ...LOCAL_RECEIVERS_ENV } });
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver?.close();
    await app?.close();
  });
  // Sign-ins are limited per address and minute: each test starts in a fresh window.
  beforeEach(() => app.clock.advance(MINUTE_MS));

  const delivered = (user: PortalSession, id: string, attempts: number) =>
    eventually(
      async () => {
        const d = (await user.call(`/portal/api/webhook-deliveries/${id}`)).body;
        return d.status !== 'pending' && d.attempts?.length === attempts && d.attempts.every((a: { outcome: string }) => a.outcome !== 'in_flight') ? d : null;
      },
      30_000,
      `delivery ${id} with ${attempts} finished attempt(s)`,
    );

  it('a developer registers an endpoint, sends a signed test event, sees every attempt, replays it with the same webhook-id, rotates, disables; all audited as them', async () => {
    const { id: clientId } = await app.createClient(['horse']);
    const dev = await portalUser(app, clientId, 'developer');

    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/hooks', 'http://metadata.google.internal/x', 'ftp://example.com/x']) {
      const refused = await dev.call('/portal/api/webhook-endpoints', { json: { url } });
      expect([url, refused.status, Object.keys(refused.body.details ?? {})]).toEqual([url, 422, ['url']]);
    }
    expect(await app.db.prisma.webhookEndpoint.count({ where: { clientId } })).toBe(0);

    const created = await dev.call('/portal/api/webhook-endpoints', { json: { url: receiver.url, description: 'Orders service' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const endpoint = issuedEndpointShape.parse(created.body);
    expect(endpoint).toMatchObject({
      client_id: clientId,
      url: receiver.url,
      events: ['policy.status_updated', 'policy.documents_updated'],
      active: true,
      secret_version: 1,
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const list = await dev.call('/portal/api/webhook-endpoints');
    expect(endpointListShape.parse(list.body).map((e) => e.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(list.body)).not.toContain(endpoint.secret);
    expect(endpointShape.parse((await dev.call(`/portal/api/webhook-endpoints/${endpoint.id}`)).body).description).toBe('Orders service');

    const changed = await dev.call(`/portal/api/webhook-endpoints/${endpoint.id}`, {
      method: 'PUT',
      json: { events: ['policy.status_updated', 'payment.expired'], description: 'Orders, v2' },
    });
    expect(changed.status).toBe(200);
    expect(endpointShape.parse(changed.body)).toMatchObject({ events: ['policy.status_updated', 'payment.expired'], description: 'Orders, v2' });
    const unsafe = await dev.call(`/portal/api/webhook-endpoints/${endpoint.id}`, { method: 'PUT', json: { url: 'http://10.1.2.3/hooks' } });
    expect([unsafe.status, Object.keys(unsafe.body.details ?? {})]).toEqual([422, ['url']]);

    const before = receiver.received.length;
    const test = await dev.call(`/portal/api/webhook-endpoints/${endpoint.id}/test`, { json: { event: 'policy.status_updated' } });
    expect(test.status).toBe(202);
    const deliveryId = testQueuedShape.parse(test.body).delivery_id;
    const shown = deliveryWithAttemptsShape.parse(await delivered(dev, deliveryId, 1));
    const first = receiver.received[before];
    expect(signedWith(endpoint.secret, first)).toBe(true);
    expect(first.headers['webhook-event']).toBe('policy.status_updated');
    expect(shown).toMatchObject({ id: deliveryId, endpoint_id: endpoint.id, client_id: clientId, event_type: 'policy.status_updated', status: 'delivered' });
    expect(shown.payload).toEqual(JSON.parse(first.body));
    expect(shown.attempts).toEqual([
      expect.objectContaining({ number: 1, outcome: 'delivered', status_code: 200, duration_ms: expect.any(Number), response_snippet: 'ok' }),
    ]);
    const page = await dev.call(`/portal/api/webhook-deliveries?endpoint_id=${endpoint.id}`);
    expect(deliveryPageShape.parse(page.body)).toMatchObject({ total: 1, data: [{ id: deliveryId, status: 'delivered', attempt_count: 1 }] });
    expect((await dev.call('/portal/api/webhook-deliveries?status=failed')).body).toMatchObject({ data: [], total: 0 });

    // A replay: the same delivery again, with the same webhook-id, and its second attempt recorded (here a 500 with its answer).
    receiver.reply({ status: 500, body: 'receiver down for maintenance' });
    const replayed = await dev.call(`/portal/api/webhook-deliveries/${deliveryId}/replay`, { method: 'POST' });
    expect(replayed.status).toBe(200);
    expect(deliveryShape.parse(replayed.body)).toMatchObject({ id: deliveryId, status: 'pending' });
    const again = deliveryWithAttemptsShape.parse(
      await eventually(async () => {
        const d = (await dev.call(`/portal/api/webhook-deliveries/${deliveryId}`)).body;
        return d.attempts.length === 2 && d.attempts[1].outcome !== 'in_flight' ? d : null;
      }, 30_000),
    );
    const second = receiver.received[before + 1];
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(again.attempts[1]).toMatchObject({ number: 2, outcome: 'failed', status_code: 500, response_snippet: 'receiver down for maintenance' });
    expect(again.attempts[1].duration_ms).toEqual(expect.any(Number));

    // Rotation: shown once, and what is sent from then on is signed with the new secret only.
    const rotated = await dev.call(`/portal/api/webhook-endpoints/${endpoint.id}/rotate-secret`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const issued = issuedEndpointShape.parse(rotated.body);
    expect([issued.secret_version, issued.secret === endpoint.secret, issued.static_key === endpoint.static_key]).toEqual([2, false, false]);
    const sentBefore = receiver.received.length;
    const afterRotation = (await dev.call(`/portal/api/webhook-endpoints/${endpoint.id}/test`, { json: {} })).body.delivery_id;
    await delivered(dev, afterRotation, 1);
    const third = receiver.received[sentBefore];
    expect([signedWith(issued.secret, third), signedWith(endpoint.secret, third)]).toEqual([true, false]);
    expect(third.headers['x-webhook-key']).toBe(issued.static_key);

    const disabled = await dev.call(`/portal/api/webhook-endpoints/${endpoint.id}`, { method: 'PUT', json: { active: false } });
    expect(endpointShape.parse(disabled.body)).toMatchObject({ active: false, disabled_at: expect.any(String) });
    expect((await dev.call(`/portal/api/webhook-endpoints/${endpoint.id}/test`, { json: {} })).status).toBe(409);
    const enabled = await dev.call(`/portal/api/webhook-endpoints/${endpoint.id}`, { method: 'PUT', json: { active: true } });
    expect(endpointShape.parse(enabled.body)).toMatchObject({ active: true, disabled_at: null });

    const audit = await app.db.prisma.auditLogEntry.findMany({
      where: { resourceId: { in: [endpoint.id, deliveryId] } },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((a) => [a.action, a.staffId, a.partnerUserId, a.staffEmail, a.role])).toEqual(
      [
        'webhook-endpoints.create',
        'webhook-endpoints.update',
        'webhook-endpoints.send_test',
        'webhook-deliveries.resend',
        'webhook-endpoints.rotate_secret',
        'webhook-endpoints.send_test',
        'webhook-endpoints.deactivate',
        'webhook-endpoints.activate',
      ].map((action) => [action, null, dev.id, dev.email, 'partner_developer']),
    );
    expect(JSON.stringify(audit.map((a) => [a.before, a.after]))).not.toMatch(/whsec_|wk_/);
  });

  it('a viewer reads the endpoints and deliveries but changes nothing (403); an owner may', async () => {
    const { id: clientId } = await app.createClient(['horse']);
    const owner = await portalUser(app, clientId, 'owner');
    const viewer = await portalUser(app, clientId, 'viewer');
    const endpoint = (await owner.call('/portal/api/webhook-endpoints', { json: { url: receiver.url } })).body;
    expect(endpoint.secret).toMatch(/^whsec_/);
    const deliveryId = (await owner.call(`/portal/api/webhook-endpoints/${endpoint.id}/test`, { json: {} })).body.delivery_id;
    await delivered(owner, deliveryId, 1);
    const auditBefore = await app.db.prisma.auditLogEntry.count();

    expect((await viewer.call('/portal/api/webhook-endpoints')).body.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
    expect((await viewer.call(`/portal/api/webhook-endpoints/${endpoint.id}`)).status).toBe(200);
    expect((await viewer.call('/portal/api/webhook-deliveries')).body.total).toBe(1);
    expect((await viewer.call(`/portal/api/webhook-deliveries/${deliveryId}`)).body.attempts).toHaveLength(1);

    const changes: Array<[string, Parameters<PortalSession['call']>[1]]> = [
      ['/portal/api/webhook-endpoints', { json: { url: receiver.url } }],
      [`/portal/api/webhook-endpoints/${endpoint.id}`, { method: 'PUT', json: { description: 'mine now' } }],
      [`/portal/api/webhook-endpoints/${endpoint.id}`, { method: 'PUT', json: { active: false } }],
      [`/portal/api/webhook-endpoints/${endpoint.id}/rotate-secret`, { method: 'POST' }],
      [`/portal/api/webhook-endpoints/${endpoint.id}/test`, { json: {} }],
      [`/portal/api/webhook-deliveries/${deliveryId}/replay`, { method: 'POST' }],
      ['/portal/api/webhook-deliveries/replay', { json: { ids: [deliveryId] } }],
    ];
    for (const [path, opts] of changes) {
      const res = await viewer.call(path, opts);
      expect([path, opts?.method ?? 'POST', res.status, res.body.code]).toEqual([path, opts?.method ?? 'POST', 403, '40302']);
    }
    expect(await app.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
      active: true,
      secretVersion: 1,
      description: null,
    });
    expect(await app.db.prisma.webhookEndpoint.count({ where: { clientId } })).toBe(1);
    expect(await app.db.prisma.webhookDelivery.count({ where: { clientId } })).toBe(1);
    expect((await app.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).status).toBe('delivered');
    expect(await app.db.prisma.auditLogEntry.count()).toBe(auditBefore);

    const byOwner = await owner.call(`/portal/api/webhook-endpoints/${endpoint.id}`, { method: 'PUT', json: { description: 'Owned' } });
    expect([byOwner.status, byOwner.body.description]).toEqual([200, 'Owned']);
    expect((await app.db.prisma.auditLogEntry.findFirstOrThrow({ where: { action: 'webhook-endpoints.update', resourceId: endpoint.id } })).role).toBe(
      'partner_owner',
    );
  });

  it('replays several deliveries at once with their own webhook-ids, all or none, audited as the partner user', async () => {
    const c = await app.createClient(['horse']);
    const other = await app.createClient(['horse']);
    const dev = await portalUser(app, c.id, 'developer');
    const otherDev = await portalUser(app, other.id, 'developer');
    const endpoint = (await dev.call('/portal/api/webhook-endpoints', { json: { url: receiver.url } })).body;
    const firstSent = receiver.received.length;
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const id = (await dev.call(`/portal/api/webhook-endpoints/${endpoint.id}/test`, { json: {} })).body.delivery_id as string;
      await delivered(dev, id, 1);
      ids.push(id);
    }
    const webhookIds = receiver.received.slice(firstSent).map((r) => r.headers['webhook-id']);
    const otherEndpoint = (await otherDev.call('/portal/api/webhook-endpoints', { json: { url: receiver.url } })).body;
    const othersDelivery = (await otherDev.call(`/portal/api/webhook-endpoints/${otherEndpoint.id}/test`, { json: {} })).body.delivery_id as string;
    await delivered(otherDev, othersDelivery, 1);
    const auditBefore = await app.db.prisma.auditLogEntry.count({ where: { action: 'webhook-deliveries.resend' } });

    // all or none: another client's delivery in the selection refuses it whole, naming it
    const refused = await dev.call('/portal/api/webhook-deliveries/replay', { json: { ids: [...ids, othersDelivery] } });
    expect([refused.status, refused.body.message]).toEqual([404, `No webhook delivery with id ${othersDelivery}.`]);
    const invalid = await dev.call('/portal/api/webhook-deliveries/replay', { json: { ids: [] } });
    expect([invalid.status, invalid.body.details]).toEqual([422, { ids: ['Select at least one delivery.'] }]);
    for (const id of [...ids, othersDelivery]) {
      expect((await app.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id } })).status).toBe('delivered');
    }

    const sent = receiver.received.length;
    const replayed = await dev.call('/portal/api/webhook-deliveries/replay', { json: { ids } });
    expect(replayed.status).toBe(200);
    expect(deliveriesReplayedShape.parse(replayed.body).data.map((d) => [d.id, d.status])).toEqual(expect.arrayContaining(ids.map((id) => [id, 'pending'])));
    for (const id of ids) await delivered(dev, id, 2);
    expect(
      receiver.received
        .slice(sent)
        .map((r) => r.headers['webhook-id'])
        .sort(),
    ).toEqual([...webhookIds].sort());
    const audited = await app.db.prisma.auditLogEntry.findMany({ where: { action: 'webhook-deliveries.resend', resourceId: { in: ids } } });
    expect(audited.map((a) => [a.resourceId, a.partnerUserId, a.role]).sort()).toEqual(ids.map((id) => [id, dev.id, 'partner_developer']).sort());
    expect(await app.db.prisma.auditLogEntry.count({ where: { action: 'webhook-deliveries.resend' } })).toBe(auditBefore + 2);
  });

  it("keeps partners apart: every webhook route answers a user of client B 404 for client A's endpoints and deliveries", async () => {
    const a = await app.createClient(['horse']);
    const b = await app.createClient(['horse']);
    const devA = await portalUser(app, a.id, 'developer');
    const ownerB = await portalUser(app, b.id, 'owner');
    const endpoint = (await devA.call('/portal/api/webhook-endpoints', { json: { url: receiver.url } })).body;
    const deliveryId = (await devA.call(`/portal/api/webhook-endpoints/${endpoint.id}/test`, { json: {} })).body.delivery_id;
    await delivered(devA, deliveryId, 1);
    const stateOf = async () => [
      await app.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } }),
      await app.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } }),
      await app.db.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } }),
    ];
    const before = await stateOf();

    const routes: Array<[string, Parameters<PortalSession['call']>[1]]> = [
      [`/portal/api/webhook-endpoints/${endpoint.id}`, {}],
      [`/portal/api/webhook-endpoints/${endpoint.id}`, { method: 'PUT', json: { url: receiver.url, description: 'taken' } }],
      [`/portal/api/webhook-endpoints/${endpoint.id}`, { method: 'PUT', json: { active: false } }],
      [`/portal/api/webhook-endpoints/${endpoint.id}/rotate-secret`, { method: 'POST' }],
      [`/portal/api/webhook-endpoints/${endpoint.id}/test`, { json: {} }],
      [`/portal/api/webhook-deliveries?endpoint_id=${endpoint.id}`, {}],
      [`/portal/api/webhook-deliveries/${deliveryId}`, {}],
      [`/portal/api/webhook-deliveries/${deliveryId}/replay`, { method: 'POST' }],
      ['/portal/api/webhook-deliveries/replay', { json: { ids: [deliveryId] } }],
      [`/portal/api/webhook-endpoints/${UNKNOWN}`, {}],
      [`/portal/api/webhook-deliveries/${UNKNOWN}`, {}],
    ];
    for (const [path, opts] of routes) {
      const res = await ownerB.call(path, opts);
      expect([path, opts?.method, res.status, res.body.code]).toEqual([path, opts?.method, 404, '40401']);
      expect(JSON.stringify(res.body)).not.toContain(receiver.url);
    }
    // B's lists hold nothing of A's; A's are untouched.
    expect((await ownerB.call('/portal/api/webhook-endpoints')).body).toEqual([]);
    expect((await ownerB.call('/portal/api/webhook-deliveries')).body).toMatchObject({ data: [], total: 0 });
    expect(await stateOf()).toEqual(before);
    expect((await devA.call('/portal/api/webhook-endpoints')).body.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
  });

  it('staff sessions never open the portal webhook routes, portal sessions never open the console ones, and signed-out callers are 401', async () => {
    const ops: StaffSession = await signIn(app, 'operations');
    const { id } = await app.createClient(['horse']);
    const dev = await portalUser(app, id, 'developer');
    const endpoint = (await dev.call('/portal/api/webhook-endpoints', { json: { url: receiver.url } })).body;
    const call = (path: string, cookie: string, method = 'GET', json?: unknown) =>
      http(`${app.url}${path}`, { method, headers: { Cookie: cookie, ...XHR }, ...(json !== undefined ? { json } : {}) });
    const staffToken = ops.cookie.split('=')[1];
    const portalToken = dev.cookie.split('=')[1];

    for (const cookie of [ops.cookie, `ei_portal=${staffToken}`, '']) {
      expect((await call('/portal/api/webhook-endpoints', cookie)).status).toBe(401);
      expect((await call('/portal/api/webhook-endpoints', cookie, 'POST', { url: receiver.url })).status).toBe(401);
      expect((await call(`/portal/api/webhook-endpoints/${endpoint.id}/rotate-secret`, cookie, 'POST')).status).toBe(401);
      expect((await call('/portal/api/webhook-deliveries', cookie)).status).toBe(401);
    }
    for (const cookie of [dev.cookie, `ei_console=${portalToken}`]) {
      expect((await call('/admin/api/webhook-endpoints', cookie)).status).toBe(401);
      expect((await call(`/admin/api/webhook-endpoints/${endpoint.id}/rotate-secret`, cookie, 'POST')).status).toBe(401);
      expect((await call('/admin/api/webhook-deliveries', cookie)).status).toBe(401);
    }
    expect((await app.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).secretVersion).toBe(1);
    // And the CSRF rule holds for the portal's changes.
    const noCsrf = await http(`${app.url}/portal/api/webhook-endpoints/${endpoint.id}/rotate-secret`, { method: 'POST', headers: { Cookie: dev.cookie } });
    expect(noCsrf.status).toBe(403);
    expect((await ops.call(`/admin/api/webhook-endpoints/${endpoint.id}`)).status).toBe(200);
  });

  it('documents every portal webhook route in the OpenAPI document with its response schema', async () => {
    const { paths, components } = (await app.request('/openapi.json')).body;
    const expected: Array<[string, string, string]> = [
      ['/portal/api/webhook-endpoints', 'get', '200'],
      ['/portal/api/webhook-endpoints', 'post', '201'],
      ['/portal/api/webhook-endpoints/{id}', 'get', '200'],
      ['/portal/api/webhook-endpoints/{id}', 'put', '200'],
      ['/portal/api/webhook-endpoints/{id}/rotate-secret', 'post', '200'],
      ['/portal/api/webhook-endpoints/{id}/test', 'post', '202'],
      ['/portal/api/webhook-deliveries', 'get', '200'],
      ['/portal/api/webhook-deliveries/{id}', 'get', '200'],
      ['/portal/api/webhook-deliveries/{id}/replay', 'post', '200'],
      ['/portal/api/webhook-deliveries/replay', 'post', '200'],
    ];
    for (const [path, method, status] of expected) {
      const op = paths[path]?.[method];
      expect([path, method, op?.tags]).toEqual([path, method, ['Portal']]);
      const ref: string = op.responses[status].content['application/json'].schema.$ref;
      expect([path, method, components.schemas[ref.replace('#/components/schemas/', '')]?.type]).toEqual([path, method, expect.any(String)]);
    }
    const schemaOf = (path: string, method: string, status: string) =>
      components.schemas[paths[path][method].responses[status].content['application/json'].schema.$ref.replace('#/components/schemas/', '')];
    expect(schemaOf('/portal/api/webhook-endpoints', 'post', '201').required).toEqual(expect.arrayContaining(['secret', 'static_key']));
    expect(schemaOf('/portal/api/webhook-deliveries/{id}', 'get', '200').properties.attempts.items.$ref).toBe('#/components/schemas/WebhookDeliveryAttempt');
    expect(components.schemas.WebhookDeliveryAttempt.required).toEqual(expect.arrayContaining(['status_code', 'duration_ms', 'response_snippet']));
    // The sandbox API answers the same shapes.
    expect(schemaOf('/api/v1/sandbox/webhook-deliveries/{id}', 'get', '200')).toBe(schemaOf('/portal/api/webhook-deliveries/{id}', 'get', '200'));
  });
});
