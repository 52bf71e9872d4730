import { startTestApp, TestApp } from '../support/test-app';
import { auditRows, signInEveryRole, StaffSession } from './admin-kit';
import type { StaffRole } from '../../libs/common/src/permissions';

describe('audit trail of staff actions', () => {
  let app: TestApp;
  let s: Record<StaffRole, StaffSession>;

  beforeAll(async () => {
    app = await startTestApp();
    s = await signInEveryRole(app);
  });
  afterAll(() => app.close());

  const text = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));
  const lastAudit = async () => (await auditRows(app)).pop()!;

  it('creating a client writes who, role, action, resource, id, summary, time and request id; never the secret', async () => {
    const res = await s.operations.call('/admin/api/clients', {
      json: { name: 'Acme Motors', products: ['motor-tpl', 'horse'], contact_email: 'ops@acme.sa' },
      headers: { 'X-Request-Id': 'req-create-1' },
    });
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await lastAudit();
    expect(row).toMatchObject({
      staffId: s.operations.id,
      staffEmail: s.operations.email,
      role: 'operations',
      action: 'clients.create',
      resource: 'clients',
      resourceId: res.body.id,
      requestId: 'req-create-1',
      before: null,
    });
    expect(row.after).toMatchObject({ name: 'Acme Motors', active: true, products: ['motor-tpl', 'horse'], secret_version: 1 });
    expect(row.createdAt.toISOString()).toBe(app.clock.now().toISOString());
    const stored = await app.db.prisma.apiClient.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(text(row)).not.toContain(res.body.secret);
    expect(text(row)).not.toContain(stored.secretHash);
  });

  it('rotate, enrol, unenrol, deactivate and activate each write before and after', async () => {
    const { id } = await app.createClient(['motor-tpl']);
    const base = `/admin/api/clients/${id}`;
    const rotated = await s.admin.call(`${base}/rotate-secret`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'clients.rotate_secret', before: { secret_version: 1 }, after: { secret_version: 2 } });
    expect(text(await lastAudit())).not.toContain(rotated.body.secret);

    await s.account_manager.call(`${base}/enrol`, { json: { products: ['horse'] } });
    expect(await lastAudit()).toMatchObject({
      action: 'clients.enrol',
      role: 'account_manager',
      before: { products: ['motor-tpl'] },
      after: { products: ['motor-tpl', 'horse'] },
    });
    await s.account_manager.call(`${base}/unenrol`, { json: { products: ['motor-tpl'] } });
    expect(await lastAudit()).toMatchObject({ action: 'clients.unenrol', after: { products: ['horse'] } });
    await s.operations.call(`${base}/deactivate`, { method: 'POST' });
    expect(await lastAudit()).toMatchObject({ action: 'clients.deactivate', before: { active: true }, after: { active: false } });
    await s.operations.call(`${base}/activate`, { method: 'POST' });
    expect(await lastAudit()).toMatchObject({ action: 'clients.activate', after: { active: true } });
  });

  it('a failed action writes no audit row and changes nothing', async () => {
    const before = (await auditRows(app)).length;
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await s.admin.call(`/admin/api/clients/${unknown}/rotate-secret`, { method: 'POST' })).status).toBe(404);
    expect((await s.admin.call(`/admin/api/clients/${unknown}/enrol`, { json: { products: ['horse'] } })).status).toBe(404);
    expect((await s.admin.call('/admin/api/clients', { json: { name: '   ', products: [] } })).status).toBe(422);
    const { id } = await app.createClient(['motor-tpl']);
    const bad = await s.admin.call(`/admin/api/clients/${id}/enrol`, { json: { products: ['boats'] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details)).toEqual(['products.0']);
    // A rule broken inside the transaction (admins may not demote themselves) rolls back with no row.
    const self = await s.admin.call(`/admin/api/staff/${s.admin.id}`, { method: 'PUT', json: { role: 'operations' } });
    expect(self.status).toBe(422);
    expect(self.body.details).toEqual({ role: ['You cannot change your own role.'] });
    expect((await app.db.prisma.staffUser.findUniqueOrThrow({ where: { id: s.admin.id } })).role).toBe('admin');
    expect((await auditRows(app)).length).toBe(before);
  });

  it('staff changes are audited without the password, and deactivating ends their sessions', async () => {
    const created = await s.admin.call('/admin/api/staff', {
      json: { email: 'New.Person@staff.test', name: 'New Person', role: 'claims_handler', password: 'a long enough secret' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'new.person@staff.test', role: 'claims_handler', active: true });
    expect(created.body.password).toBeUndefined();
    const row = await lastAudit();
    expect(row).toMatchObject({ action: 'staff.create', resource: 'staff', resourceId: created.body.id, after: { role: 'claims_handler' } });
    expect(text(row)).not.toContain('a long enough secret');

    const target = s.claims_handler;
    expect((await target.call('/admin/api/auth/me')).status).toBe(200);
    const off = await s.admin.call(`/admin/api/staff/${target.id}`, { method: 'PUT', json: { active: false } });
    expect(off.status).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'staff.update', before: { active: true }, after: { active: false } });
    expect((await target.call('/admin/api/auth/me')).status).toBe(401);

    const pw = await s.admin.call(`/admin/api/staff/${created.body.id}`, { method: 'PUT', json: { password: 'another long secret' } });
    expect(pw.status).toBe(200);
    expect((await lastAudit()).after).toMatchObject({ password: 'changed' });
    expect(text(await lastAudit())).not.toContain('another long secret');
  });

  it('GET /admin/api/audit-log lists newest first with Content-Range, filters by resource, and is admin only', async () => {
    const res = await s.admin.call('/admin/api/audit-log?range=[0,4]');
    expect(res.status).toBe(200);
    // sign-ins and sign-outs are left out unless asked for
    const total = await app.db.prisma.auditLogEntry.count({ where: { NOT: { action: { startsWith: 'auth.' } } } });
    expect(res.headers.get('content-range')).toBe(`audit-log 0-4/${total}`);
    expect(res.body).toHaveLength(5);
    const ids = res.body.map((r: { id: string }) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(res.body[0]).toEqual(
      expect.objectContaining({
        staff_email: expect.any(String),
        role: expect.any(String),
        action: expect.any(String),
        created_at: expect.stringMatching(/Z$/),
      }),
    );

    const filtered = await s.admin.call(`/admin/api/audit-log?filter=${encodeURIComponent('{"resource":"staff","action":"staff.create"}')}`);
    expect(filtered.body.every((r: { action: string }) => r.action === 'staff.create')).toBe(true);
    const one = await s.admin.call(`/admin/api/audit-log/${res.body[0].id}`);
    expect(one.body).toEqual(res.body[0]);

    expect((await s.operations.call('/admin/api/audit-log')).status).toBe(403);
  });

  it('leaves sign-ins out unless asked for, and names the staff and clients a record names', async () => {
    const list = (filter: object) => s.admin.call(`/admin/api/audit-log?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`);
    const signIns = await app.db.prisma.auditLogEntry.count({ where: { action: { startsWith: 'auth.' } } });
    expect(signIns).toBeGreaterThan(0);
    const all = await app.db.prisma.auditLogEntry.count();
    const byDefault = await list({});
    expect(byDefault.body.some((r: any) => r.action.startsWith('auth.'))).toBe(false);
    expect(byDefault.body).toHaveLength(all - signIns);
    expect((await list({ sign_ins: true })).body).toHaveLength(all);
    expect((await list({ action: 'auth.login' })).body.length).toBeGreaterThan(0);
    expect((await list({ sign_ins: 'yes' })).status).toBe(422);

    // the staff member who acted, the client acted on, and a staff id among the values: each by name
    const { id: clientId } = await app.createClient(['motor-tpl']);
    await app.db.prisma.apiClient.update({ where: { id: clientId }, data: { name: 'Gulf Brokers' } });
    await s.operations.call(`/admin/api/clients/${clientId}/deactivate`, { method: 'POST' });
    const row = (await list({ resource_id: clientId })).body[0];
    expect(row).toMatchObject({
      action: 'clients.deactivate',
      staff_name: 'Test operations',
      resource_name: 'Gulf Brokers',
      names: { [s.operations.id]: 'Test operations', [clientId]: 'Gulf Brokers' },
    });
    const signIn = (await list({ action: 'auth.login', staff_id: s.admin.id })).body[0];
    expect(signIn).toMatchObject({ resource: 'staff', resource_id: s.admin.id, resource_name: 'Test admin' });
    expect((await s.admin.call(`/admin/api/audit-log/${row.id}`)).body).toEqual(row);
  });
});
