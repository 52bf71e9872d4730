import { signIn } from '../admin/admin-kit';
import { PRODUCTION_ENV } from '../support/production-env';
import { startTestApp, TestApp } from '../support/test-app';

describe('portal invitations in production, where no mail sender is wired yet', () => {
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
});
