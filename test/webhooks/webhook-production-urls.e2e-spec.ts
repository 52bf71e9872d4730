import { startTestApp, TestApp } from '../support/test-app';
import { signIn, StaffSession } from '../admin/admin-kit';
import { WebhookEndpointRepository } from '../../apps/api/src/webhooks/endpoints/webhook-endpoint.repository';
import { eventually, WebhookReceiver } from './webhook-receiver';
import { PRODUCTION_ENV } from '../support/production-env';

/** The production rules for webhook URLs (SSRF), at registration and again at every delivery. */
describe('webhook URLs in production', () => {
  let app: TestApp;
  let ops: StaffSession;
  let receiver: WebhookReceiver;
  let clientId: string;

  beforeAll(async () => {
    app = await startTestApp({
      env: {
        ...PRODUCTION_ENV,
        WEBHOOK_WORKER: 'true',
        WEBHOOK_POLL_INTERVAL_MS: '30',
      },
    });
    ops = await signIn(app, 'operations');
    receiver = await WebhookReceiver.start();
    clientId = (await app.createClient(['motor-tpl-comparison'])).id;
  });
  afterAll(async () => {
    await receiver?.close();
    await app?.close();
  });

  it.each([
    ['http://hooks.example.com/x', 'The url must use https.'],
    ['https://127.0.0.1/x', 'The url may not point at a private, loopback or link-local address.'],
    ['https://[::1]:8443/x', 'The url may not point at a private, loopback or link-local address.'],
    ['https://[::ffff:169.254.169.254]/latest/meta-data', 'The url may not point at a private, loopback or link-local address.'],
    ['https://10.20.30.40/x', 'The url may not point at a private, loopback or link-local address.'],
    ['https://localhost/x', 'The url may not point at a private, loopback or link-local address.'],
    ['https://no-such-host.invalid/x', 'The url host does not resolve.'],
  ])('refuses %s at registration', async (url, message) => {
    const res = await ops.call('/admin/api/webhook-endpoints', { json: { client_id: clientId, url } });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ url: [message] });
    const changed = await ops.call('/admin/api/webhook-endpoints', { json: { client_id: clientId, url: 'https://8.8.8.8/hooks' } });
    expect(changed.status).toBe(201);
    const put = await ops.call(`/admin/api/webhook-endpoints/${changed.body.id}`, { method: 'PUT', json: { url } });
    expect(put.status).toBe(422);
    await ops.call(`/admin/api/webhook-endpoints/${changed.body.id}/deactivate`, { method: 'POST' });
  });

  it('refuses to deliver to a loopback address even when the endpoint row holds one', async () => {
    // As if the URL had been stored before the rule, or by another path: delivery checks it again.
    const { endpoint } = await app.db.prisma.$transaction((tx) =>
      app.api.app
        .get(WebhookEndpointRepository)
        .create(tx, { clientId, url: receiver.url.replace('http:', 'https:'), events: ['policy.status_updated'], description: null, at: app.clock.now() }),
    );
    const sent = await ops.call(`/admin/api/webhook-endpoints/${endpoint.id}/test`, { json: {} });
    expect(sent.status).toBe(202);
    const delivery = await eventually(async () => {
      const d = (await ops.call(`/admin/api/webhook-deliveries/${sent.body.delivery_id}`)).body;
      return d.attempt_count === 1 && !d.in_flight ? d : null;
    });
    expect(delivery.attempts[0]).toMatchObject({ outcome: 'failed', status_code: null });
    expect(delivery.attempts[0].error).toMatch(/^Refused/);
    expect(receiver.received.length).toBe(0);
  });

  it('has none of the partner sandbox tools: they answer 404 in production', async () => {
    const { token } = await app.partner();
    for (const [method, path] of [
      ['GET', '/api/v1/sandbox/insurers'],
      ['POST', '/api/v1/sandbox/vehicle-documents'],
      ['POST', '/api/v1/sandbox/payments/pay'],
      ['GET', '/api/v1/sandbox/webhook-endpoints'],
      ['GET', '/api/v1/sandbox/messages'],
    ]) {
      const res = await app.request(path, { token, method, ...(method === 'POST' ? { json: {} } : {}) });
      expect([path, res.status]).toEqual([path, 404]);
    }
  });
});
