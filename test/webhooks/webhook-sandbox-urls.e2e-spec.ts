import { hostname } from 'node:os';
import { loadConfig } from '../../libs/config/src';
import { WebhookEndpointRepository } from '../../apps/api/src/webhooks/endpoints/webhook-endpoint.repository';
import { signIn, StaffSession } from '../admin/admin-kit';
import { startTestApp, TestApp } from '../support/test-app';
import { eventually, LOCAL_RECEIVERS_ENV, WebhookReceiver } from './webhook-receiver';

const PRIVATE = 'The url may not point at a private, loopback or link-local address.';

/** Every way of writing an internal target the issue lists; each is refused in sandbox as in production. */
const INTERNAL_URLS = [
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'http://[::1]:8080/x',
  'http://localhost:8080/x',
  'http://0.0.0.0:8080/x',
  'http://127.1:8080/x',
  'http://2130706433:8080/x',
  'http://0x7f000001:8080/x',
  'http://[::ffff:127.0.0.1]:8080/x',
  'http://10.0.0.1/x',
  'http://192.168.1.1/x',
  'http://172.16.0.1/x',
  'http://100.64.0.1/x',
  'http://[fd00::1]/x',
  'http://[fe80::1]/x',
  'http://metadata.google.internal/computeMetadata/v1/',
  // a name this machine resolves to loopback (its own host name, through /etc/hosts)
  `http://${hostname()}:8080/x`,
];

/** The answer of an internal service that must never reach the console. */
const INTERNAL_SECRET = 'AKIA-internal-credentials-0123456789';

async function deliveryOf(ops: StaffSession, deliveryId: string) {
  return eventually(
    async () => {
      const d = (await ops.call(`/admin/api/webhook-deliveries/${deliveryId}`)).body;
      return d.attempt_count >= 1 && !d.in_flight ? d : null;
    },
    30_000,
    'the delivery attempt',
  );
}

describe('webhook targets in sandbox: internal addresses refused as in production', () => {
  let app: TestApp;
  let ops: StaffSession;
  let clientId: string;
  let internal: WebhookReceiver;

  beforeAll(async () => {
    app = await startTestApp({ env: { WEBHOOK_POLL_INTERVAL_MS: '30', WEBHOOK_TIMEOUT_MS: '2000' } });
    ops = await signIn(app, 'operations');
    clientId = (await app.createClient(['motor-tpl-comparison'])).id;
    internal = await WebhookReceiver.start();
    internal.fallback = { status: 200, body: INTERNAL_SECRET };
  });
  afterAll(async () => {
    await internal?.close();
    await app?.close();
  });

  it.each(INTERNAL_URLS)('refuses %s at registration and on change', async (url) => {
    const res = await ops.call('/admin/api/webhook-endpoints', { json: { client_id: clientId, url } });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ url: [PRIVATE] });
    const ok = await ops.call('/admin/api/webhook-endpoints', { json: { client_id: clientId, url: 'https://8.8.8.8/hooks' } });
    expect(ok.status).toBe(201);
    const put = await ops.call(`/admin/api/webhook-endpoints/${ok.body.id}`, { method: 'PUT', json: { url } });
    expect(put.status).toBe(422);
    await ops.call(`/admin/api/webhook-endpoints/${ok.body.id}/deactivate`, { method: 'POST' });
  });

  it('refuses names that resolve to loopback on the public internet (refused here either way: loopback, or no answer)', async () => {
    for (const url of ['http://localtest.me/x', 'http://127.0.0.1.nip.io/x', 'http://app.localtest.me:3000/x']) {
      const res = await ops.call('/admin/api/webhook-endpoints', { json: { client_id: clientId, url } });
      expect([url, res.status]).toEqual([url, 422]);
      expect([PRIVATE, 'The url host does not resolve.']).toContain(res.body.details.url[0]);
    }
  });

  it('checks again at delivery, against the address it connects to: an internal service is never called and its answer never shown', async () => {
    // As if the URL had been stored before the rule: the test event is refused at connection time.
    const { endpoint } = await app.db.prisma.$transaction((tx) =>
      app.api.app
        .get(WebhookEndpointRepository)
        .create(tx, { clientId, url: internal.url, events: ['policy.status_updated'], description: null, at: app.clock.now() }),
    );
    const sent = await ops.call(`/admin/api/webhook-endpoints/${endpoint.id}/test`, { json: {} });
    expect(sent.status).toBe(202);
    const delivery = await deliveryOf(ops, sent.body.delivery_id);
    expect(delivery.attempts[0]).toMatchObject({ outcome: 'failed', status_code: null, response_snippet: null });
    expect(delivery.attempts[0].error).toMatch(/^Refused/);
    expect(JSON.stringify(delivery)).not.toContain(INTERNAL_SECRET);
    expect(internal.received).toHaveLength(0);
  });
});

describe('webhook targets with WEBHOOK_ALLOW_LOOPBACK (local receivers)', () => {
  let app: TestApp;
  let ops: StaffSession;
  let clientId: string;
  let receiver: WebhookReceiver;
  let other: WebhookReceiver;

  beforeAll(async () => {
    app = await startTestApp({ env: { WEBHOOK_POLL_INTERVAL_MS: '30', WEBHOOK_TIMEOUT_MS: '2000', ...LOCAL_RECEIVERS_ENV } });
    ops = await signIn(app, 'operations');
    clientId = (await app.createClient(['motor-tpl-comparison'])).id;
    receiver = await WebhookReceiver.start();
    other = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver?.close();
    await other?.close();
    await app?.close();
  });

  it("takes a receiver on loopback, never the platform's own ports, and nothing else internal", async () => {
    expect((await ops.call('/admin/api/webhook-endpoints', { json: { client_id: clientId, url: receiver.url } })).status).toBe(201);
    const ownPort = new URL(app.url).port;
    for (const port of [ownPort, '5432', '6379', String(app.config.sandboxPort)]) {
      const res = await ops.call('/admin/api/webhook-endpoints', { json: { client_id: clientId, url: `http://127.0.0.1:${port}/x` } });
      expect([port, res.status]).toEqual([port, 422]);
      expect(res.body.details.url[0]).toBe(`The url may not point at port ${port} of this host: it serves the platform itself.`);
    }
    for (const url of [
      'http://169.254.169.254/latest/',
      'http://10.0.0.1/x',
      'http://0.0.0.0:8080/x',
      'http://[fe80::1]/x',
      'http://metadata.google.internal/',
    ]) {
      expect([url, (await ops.call('/admin/api/webhook-endpoints', { json: { client_id: clientId, url } })).status]).toEqual([url, 422]);
    }
  });

  it('never follows a redirect: a 3xx is a failed attempt and the target it names gets nothing', async () => {
    receiver.reply({ status: 302, body: 'moved', headers: { location: other.url } });
    const created = await ops.call('/admin/api/webhook-endpoints', { json: { client_id: clientId, url: receiver.url } });
    const sent = await ops.call(`/admin/api/webhook-endpoints/${created.body.id}/test`, { json: {} });
    const delivery = await deliveryOf(ops, sent.body.delivery_id);
    expect(delivery.attempts[0]).toMatchObject({ outcome: 'failed', status_code: 302, response_snippet: 'moved' });
    expect(other.received).toHaveLength(0);
  });
});

describe('WEBHOOK_ALLOW_LOOPBACK in production', () => {
  it('is a configuration error', () => {
    expect(() =>
      loadConfig({
        APP_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        WEBHOOK_SECRET_KEY: 'y'.repeat(40),
        DATABASE_URL: 'postgresql://a@b/c',
        PAYMENT_VENDOR_URL: 'https://v.example',
        PAYMENT_VENDOR_API_KEY: 'k'.repeat(20),
        PAYMENT_VENDOR_WEBHOOK_SECRET: 's'.repeat(40),
        WEBHOOK_ALLOW_LOOPBACK: 'true',
      }),
    ).toThrow(/WEBHOOK_ALLOW_LOOPBACK: not allowed when APP_ENV=production/);
  });
});
