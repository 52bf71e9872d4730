import { randomUUID } from 'node:crypto';
import { can, STAFF_ROLES, StaffRole } from '../../libs/common/src/permissions';
import { startTestApp, TestApp } from '../support/test-app';
import { createStaff, signInEveryRole, StaffSession } from './admin-kit';

/**
 * Every admin route, each role: allowed exactly when can(role, action, resource) says so (the unit test
 * of can() pins the grants), refused with 403 otherwise and without side effects.
 */
describe('admin API permissions per role', () => {
  let app: TestApp;
  let sessions: Record<StaffRole, StaffSession>;

  beforeAll(async () => {
    app = await startTestApp();
    sessions = await signInEveryRole(app);
  });
  afterAll(() => app.close());

  type Route = { name: string; resource: string; action: string; call: (s: StaffSession) => Promise<{ status: number; body: any }> };
  const newClient = async () => (await app.createClient(['motor-tpl'])).id;
  /** A due event left failed (as after its tenth failed try; the scheduler's own path is tested in admin-due-events). */
  const failedDueEvent = async () => {
    const at = new Date('2026-11-22T09:00:00.000Z');
    const row = await app.db.prisma.dueEvent.create({
      data: {
        id: randomUUID(),
        kind: 'test.permissions',
        subject: randomUUID(),
        dueAt: at,
        state: 'failed',
        attempts: 10,
        lastError: 'Boom.',
        createdAt: at,
        updatedAt: at,
      },
    });
    return row.id;
  };

  const routes: Route[] = [
    { name: 'GET dashboard', resource: 'dashboard', action: 'read', call: (s) => s.call('/admin/api/dashboard') },
    { name: 'GET clients', resource: 'clients', action: 'read', call: (s) => s.call('/admin/api/clients') },
    { name: 'GET clients/:id', resource: 'clients', action: 'read', call: async (s) => s.call(`/admin/api/clients/${await newClient()}`) },
    {
      name: 'POST clients',
      resource: 'clients',
      action: 'create',
      call: (s) => s.call('/admin/api/clients', { json: { name: `By ${s.role}`, products: ['horse'] } }),
    },
    {
      name: 'PUT clients/:id',
      resource: 'clients',
      action: 'update',
      call: async (s) => s.call(`/admin/api/clients/${await newClient()}`, { method: 'PUT', json: { name: 'Renamed' } }),
    },
    {
      name: 'POST rotate-secret',
      resource: 'clients',
      action: 'rotate_secret',
      call: async (s) => s.call(`/admin/api/clients/${await newClient()}/rotate-secret`, { method: 'POST' }),
    },
    {
      name: 'POST enrol',
      resource: 'clients',
      action: 'enrol',
      call: async (s) => s.call(`/admin/api/clients/${await newClient()}/enrol`, { json: { products: ['horse'] } }),
    },
    {
      name: 'POST unenrol',
      resource: 'clients',
      action: 'enrol',
      call: async (s) => s.call(`/admin/api/clients/${await newClient()}/unenrol`, { json: { products: ['motor-tpl'] } }),
    },
    {
      name: 'POST deactivate',
      resource: 'clients',
      action: 'deactivate',
      call: async (s) => s.call(`/admin/api/clients/${await newClient()}/deactivate`, { method: 'POST' }),
    },
    {
      name: 'POST activate',
      resource: 'clients',
      action: 'activate',
      call: async (s) => s.call(`/admin/api/clients/${await newClient()}/activate`, { method: 'POST' }),
    },
    { name: 'GET staff', resource: 'staff', action: 'read', call: (s) => s.call('/admin/api/staff') },
    { name: 'GET staff/:id', resource: 'staff', action: 'read', call: async (s) => s.call(`/admin/api/staff/${(await createStaff(app, 'operations')).id}`) },
    {
      name: 'POST staff',
      resource: 'staff',
      action: 'create',
      call: (s) =>
        s.call('/admin/api/staff', { json: { email: `${randomUUID()}@staff.test`, name: 'New', role: 'operations', password: 'long enough password' } }),
    },
    {
      name: 'PUT staff/:id',
      resource: 'staff',
      action: 'update',
      call: async (s) => s.call(`/admin/api/staff/${(await createStaff(app, 'operations')).id}`, { method: 'PUT', json: { name: 'Renamed' } }),
    },
    { name: 'GET audit-log', resource: 'audit-log', action: 'read', call: (s) => s.call('/admin/api/audit-log') },
    { name: 'GET due-events', resource: 'due-events', action: 'read', call: (s) => s.call('/admin/api/due-events') },
    {
      name: 'POST due-events/:id/rerun',
      resource: 'due-events',
      action: 'retry',
      call: async (s) => s.call(`/admin/api/due-events/${await failedDueEvent()}/rerun`, { json: { reason: 'Cause fixed.' } }),
    },
  ];

  const cases = routes.flatMap((r) => STAFF_ROLES.map((role) => [r.name, role, can(role, r.action, r.resource), r] as const));

  it.each(cases)('%s as %s: allowed=%s', async (_name, role, allowed, route) => {
    const byThisStaff = () => app.db.prisma.auditLogEntry.count({ where: { staffId: sessions[role].id } });
    const auditBefore = await byThisStaff();
    const res = await route.call(sessions[role]);
    if (allowed) {
      expect([200, 201]).toContain(res.status);
    } else {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: '40302' });
      expect(await byThisStaff()).toBe(auditBefore);
    }
  });

  it('a refused create leaves nothing behind', async () => {
    const res = await sessions.claims_handler.call('/admin/api/clients', { json: { name: 'Sneaky', products: [] } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('The claims handler role may not create clients.');
    expect(await app.db.prisma.apiClient.count({ where: { name: 'Sneaky' } })).toBe(0);
  });

  it('the admin API does not accept partner bearer tokens, and the partner API does not accept the console cookie', async () => {
    const partner = await app.partner();
    expect((await app.request('/admin/api/clients', { token: partner.token })).status).toBe(401);
    const res = await app.request('/api/v1/car-comp/quote-requests', { headers: { Cookie: sessions.admin.cookie } });
    expect(res.status).toBe(401);
  });
});
