import { can, STAFF_ROLES, StaffRole } from '../../libs/common/src/permissions';
import { startTestApp, TestApp } from '../support/test-app';
import { signInEveryRole, StaffSession } from '../admin/admin-kit';
import { LOCAL_RECEIVERS_ENV } from './webhook-receiver';

/** Every webhook admin route, each role: allowed exactly when can() says so, else 403 with no audit row and no change. */
describe('webhook admin API permissions per role', () => {
  let app: TestApp;
  let sessions: Record<StaffRole, StaffSession>;
  let clientId: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { WEBHOOK_WORKER: 'false', ...LOCAL_RECEIVERS_ENV } });
    sessions = await signInEveryRole(app);
    clientId = (await app.createClient(['motor-tpl'])).id;
  });
  afterAll(() => app.close());

  const url = 'http://127.0.0.1:9/hooks';
  const newEndpoint = async () => (await sessions.admin.call('/admin/api/webhook-endpoints', { json: { client_id: clientId, url } })).body.id as string;
  const newDelivery = async () =>
    (await sessions.admin.call(`/admin/api/webhook-endpoints/${await newEndpoint()}/test`, { json: {} })).body.delivery_id as string;

  type Route = {
    name: string;
    resource: string;
    action: string;
    /** Made by an admin before the audit count is taken. */
    prepare?: () => Promise<string>;
    call: (s: StaffSession, id: string) => Promise<{ status: number; body: any }>;
  };
  const E = '/admin/api/webhook-endpoints';
  const D = '/admin/api/webhook-deliveries';
  const routes: Route[] = [
    { name: 'GET webhook-endpoints', resource: 'webhook-endpoints', action: 'read', call: (s) => s.call(E) },
    { name: 'GET webhook-endpoints/:id', resource: 'webhook-endpoints', action: 'read', prepare: newEndpoint, call: (s, id) => s.call(`${E}/${id}`) },
    { name: 'POST webhook-endpoints', resource: 'webhook-endpoints', action: 'create', call: (s) => s.call(E, { json: { client_id: clientId, url } }) },
    {
      name: 'PUT webhook-endpoints/:id',
      resource: 'webhook-endpoints',
      action: 'update',
      prepare: newEndpoint,
      call: (s, id) => s.call(`${E}/${id}`, { method: 'PUT', json: { description: 'x' } }),
    },
    {
      name: 'POST rotate-secret',
      resource: 'webhook-endpoints',
      action: 'rotate_secret',
      prepare: newEndpoint,
      call: (s, id) => s.call(`${E}/${id}/rotate-secret`, { method: 'POST' }),
    },
    {
      name: 'POST deactivate',
      resource: 'webhook-endpoints',
      action: 'deactivate',
      prepare: newEndpoint,
      call: (s, id) => s.call(`${E}/${id}/deactivate`, { method: 'POST' }),
    },
    {
      name: 'POST activate',
      resource: 'webhook-endpoints',
      action: 'activate',
      prepare: newEndpoint,
      call: (s, id) => s.call(`${E}/${id}/activate`, { method: 'POST' }),
    },
    { name: 'POST test', resource: 'webhook-endpoints', action: 'send_test', prepare: newEndpoint, call: (s, id) => s.call(`${E}/${id}/test`, { json: {} }) },
    { name: 'GET webhook-deliveries', resource: 'webhook-deliveries', action: 'read', call: (s) => s.call(D) },
    { name: 'GET webhook-deliveries/:id', resource: 'webhook-deliveries', action: 'read', prepare: newDelivery, call: (s, id) => s.call(`${D}/${id}`) },
    {
      name: 'POST resend',
      resource: 'webhook-deliveries',
      action: 'resend',
      prepare: newDelivery,
      call: (s, id) => s.call(`${D}/${id}/resend`, { method: 'POST' }),
    },
  ];
  const cases = routes.flatMap((r) => STAFF_ROLES.map((role) => [r.name, role, can(role, r.action, r.resource), r] as const));

  it.each(cases)('%s as %s: allowed=%s', async (_name, role, allowed, route) => {
    const id = route.prepare ? await route.prepare() : '';
    const byThisStaff = () => app.db.prisma.auditLogEntry.count({ where: { staffId: sessions[role].id } });
    const auditBefore = await byThisStaff();
    const res = await route.call(sessions[role], id);
    if (allowed) {
      expect([200, 201, 202]).toContain(res.status);
      expect(await byThisStaff()).toBe(auditBefore + (route.action === 'read' ? 0 : 1));
    } else {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: '40302' });
      expect(await byThisStaff()).toBe(auditBefore);
    }
  });

  it('every state-changing webhook action is audited without secrets', async () => {
    const created = await sessions.operations.call('/admin/api/webhook-endpoints', { json: { client_id: clientId, url } });
    const rotated = await sessions.operations.call(`/admin/api/webhook-endpoints/${created.body.id}/rotate-secret`, { method: 'POST' });
    const rows = await app.db.prisma.auditLogEntry.findMany({ where: { resourceId: created.body.id }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => r.action)).toEqual(['webhook-endpoints.create', 'webhook-endpoints.rotate_secret']);
    expect(rows[1]).toMatchObject({ before: { secret_version: 1 }, after: { secret_version: 2 } });
    const text = JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    for (const s of [created.body.secret, created.body.static_key, rotated.body.secret, rotated.body.static_key]) expect(text).not.toContain(s);
  });
});
