import { randomUUID } from 'node:crypto';
import { hashSecret } from '../../apps/api/src/platform/clients/secret-hasher';
import { cookieOf, signIn, withSession } from '../admin/admin-kit';
import { PRODUCTION_ENV } from '../support/production-env';
import { startTestApp, TestApp } from '../support/test-app';
import { PORTAL_PASSWORD, portalLogin } from './portal-kit';

describe('the portal in production', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: PRODUCTION_ENV });
  });
  afterAll(() => app?.close());

  it('answers 503 and writes nothing rather than hand out or lose a link', async () => {
    const ops = await signIn(app, 'operations');
    const { id } = await app.createClient(['horse']);
    const auditBefore = await app.db.prisma.auditLogEntry.count();
    const res = await ops.call('/admin/api/partner-users', { json: { client_id: id, email: 'first@partner.test', role: 'owner' } });
    expect([res.status, res.body.code]).toEqual([503, '50301']);
    expect(res.body.message).toContain('No mail sender is configured');
    expect(await app.db.prisma.partnerUser.count()).toBe(0);
    expect(await app.db.prisma.partnerInvitation.count()).toBe(0);
    expect(await app.db.prisma.auditLogEntry.count()).toBe(auditBefore);
  });

  it("runs a production partner's own webhook endpoints: https only, no internal address, a test event queued", async () => {
    // No mail sender yet, so no invitation: the partner user is written as an accepted invitation leaves it.
    const { id: clientId } = await app.createClient(['horse']);
    const now = app.clock.now();
    const user = await app.db.prisma.partnerUser.create({
      data: {
        id: randomUUID(),
        clientId,
        email: 'prod.dev@partner.test',
        role: 'developer',
        passwordHash: await hashSecret(PORTAL_PASSWORD),
        createdAt: now,
        updatedAt: now,
      },
    });
    const call = withSession(app, cookieOf(await portalLogin(app, user.email)));

    for (const [url, message] of [
      ['http://hooks.example.com/x', 'The url must use https.'],
      ['https://127.0.0.1/x', 'The url may not point at a private, loopback or link-local address.'],
    ]) {
      const refused = await call('/portal/api/webhook-endpoints', { json: { url } });
      expect([refused.status, refused.body.details]).toEqual([422, { url: [message] }]);
    }
    const created = await call('/portal/api/webhook-endpoints', { json: { url: 'https://8.8.8.8/hooks' } });
    expect([created.status, created.body.client_id, created.body.secret]).toEqual([201, clientId, expect.stringMatching(/^whsec_/)]);
    const test = await call(`/portal/api/webhook-endpoints/${created.body.id}/test`, { json: {} });
    expect(test.status).toBe(202);
    // This app runs no delivery worker: the event waits in the outbox, listed as pending.
    expect((await call('/portal/api/webhook-deliveries')).body).toMatchObject({ total: 1, data: [{ id: test.body.delivery_id, status: 'pending' }] });
    expect(await app.db.prisma.auditLogEntry.findFirst({ where: { action: 'webhook-endpoints.create', resourceId: created.body.id } })).toMatchObject({
      partnerUserId: user.id,
      role: 'partner_developer',
    });
    // The sandbox API's webhook tools are not mounted in production; the portal's are.
    const partner = await app.partner(['horse']);
    expect((await app.request('/api/v1/sandbox/webhook-endpoints', { token: partner.token })).status).toBe(404);
  });
});
