import { runCli } from '../../apps/api/src/platform/cli/run-cli';
import { staffCommands } from '../../apps/api/src/platform/admin/staff/staff-commands';
import { StaffService } from '../../apps/api/src/platform/admin/staff/staff.service';
import { ensureSandboxStaff, SANDBOX_STAFF } from '../../apps/api/src/platform/admin/staff/sandbox-staff';
import { DashboardMetrics } from '../../apps/api/src/policies/dashboard/dashboard-metrics';
import { startTestApp, TestApp } from '../support/test-app';
import { login, signIn } from './admin-kit';

describe('staff CLI, sandbox staff and the dashboard', () => {
  let app: TestApp;
  let out: string[];
  let err: string[];

  beforeAll(async () => {
    app = await startTestApp();
  });
  beforeEach(() => {
    out = [];
    err = [];
  });
  afterAll(() => app.close());

  const cli = (argv: string[], stdin = '', prompts: string[] = []) =>
    runCli(argv, staffCommands(app.api.app.get(StaffService), { stdin: async () => stdin, prompt: async () => prompts.shift() ?? '' }), {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
    });

  it('staff:create with --password-stdin creates a user who can sign in; audited as the operator CLI', async () => {
    expect(
      await cli(['staff:create', '--email', 'Lead@Ops.test', '--role', 'operations', '--name', 'Ops Lead', '--password-stdin'], 'a strong password here\n'),
    ).toBe(0);
    expect(out.join()).toContain('created operations lead@ops.test');
    expect((await login(app, 'lead@ops.test', 'a strong password here')).status).toBe(200);
    const row = await app.db.prisma.auditLogEntry.findFirstOrThrow({ where: { action: 'staff.create', staffEmail: 'operator-cli' } });
    expect(row.after).toMatchObject({ email: 'lead@ops.test', role: 'operations' });
  });

  it('staff:create prompts twice when no stdin flag, and explains mistakes', async () => {
    expect(await cli(['staff:create', '--email', 'am@x.test', '--role', 'account_manager'], '', ['pass phrase one', 'pass phrase one'])).toBe(0);
    expect(await cli(['staff:create', '--email', 'am2@x.test', '--role', 'account_manager'], '', ['pass phrase one', 'different'])).toBe(2);
    expect(err.join()).toContain('the passwords differ');
    expect(await cli(['staff:create', '--email', 'x@x.test', '--role', 'root'])).toBe(2);
    expect(err.join()).toContain('unknown role "root"');
    expect(await cli(['staff:create', '--email', 'y@x.test', '--role', 'admin', '--password-stdin'], 'short\n')).toBe(1);
    expect(err.join()).toContain('at least 12 characters');
    expect(await cli(['staff:create', '--email', 'am@x.test', '--role', 'admin', '--password-stdin'], 'long enough password\n')).toBe(1);
    expect(err.join()).toContain('already exists');
  });

  it('sandbox seeding creates one user per role with the documented passwords, once', async () => {
    const staff = app.api.app.get(StaffService);
    await ensureSandboxStaff(app.config, staff);
    await ensureSandboxStaff(app.config, staff);
    for (const s of SANDBOX_STAFF) {
      expect((await app.db.prisma.staffUser.findMany({ where: { email: s.email } })).map((u) => u.role)).toEqual([s.role]);
      expect((await login(app, s.email, s.password)).status).toBe(200);
    }
    expect(await ensureSandboxStaff({ ...app.config, env: 'production' }, staff)).toEqual([]);
  });

  it('the dashboard answers zeros and full empty series on an empty database, then counts clients', async () => {
    const fresh = await startTestApp();
    try {
      const ops = await signIn(fresh, 'operations');
      const empty = await ops.call('/admin/api/dashboard?days=7');
      expect(empty.status).toBe(200);
      expect(empty.body.counters).toEqual({
        clients_total: 0,
        clients_active: 0,
        quote_requests: 0,
        policies_total: 0,
        payments_pending: 0,
        claims_open: 0,
        claims_unassigned: 0,
      });
      expect(empty.body.premium_volume).toBe('0.00');
      expect(empty.body.policies_by_status).toEqual({});
      expect(empty.body.series.clients_created).toHaveLength(7);
      expect(empty.body.series.premium_volume[6]).toEqual({ date: '2026-11-22', value: '0.00' });

      await fresh.createClient();
      const c = await fresh.createClient();
      await fresh.db.prisma.apiClient.update({ where: { id: c.id }, data: { active: false } });
      const after = await ops.call('/admin/api/dashboard?days=7');
      expect(after.body.counters).toMatchObject({ clients_total: 2, clients_active: 1 });
      expect(after.body.series.clients_created.reduce((n: number, p: { value: number }) => n + p.value, 0)).toBe(2);

      // A product family contributes through the registry; money adds up as decimals.
      const registry = fresh.api.app.get(DashboardMetrics);
      registry.register({
        source: 'test-a',
        collect: async () => ({ premiumVolume: '0.10', policiesByStatus: { active: 2 }, series: { premium_volume: { '2026-11-22': '0.10' } } }),
      });
      registry.register({
        source: 'test-b',
        collect: async () => ({ premiumVolume: '0.20', counters: { policies_total: 3 }, policiesByStatus: { active: 1, canceled: 1 } }),
      });
      const grown = await ops.call('/admin/api/dashboard?days=7');
      expect(grown.body.premium_volume).toBe('0.30');
      expect(grown.body.policies_by_status).toEqual({ active: 3, canceled: 1 });
      expect(grown.body.counters.policies_total).toBe(3);
      expect(grown.body.series.premium_volume[6].value).toBe('0.10');
      expect((await ops.call('/admin/api/dashboard?days=3')).status).toBe(422);
    } finally {
      await fresh.close();
    }
  });

  it('documents the admin API in OpenAPI under the Admin tag', async () => {
    const doc = (await app.request('/openapi.json')).body;
    const admin = Object.entries(doc.paths as Record<string, Record<string, { tags?: string[] }>>).filter(([p]) => p.startsWith('/admin/api/'));
    expect(admin.map(([p]) => p)).toEqual(
      expect.arrayContaining([
        '/admin/api/auth/login',
        '/admin/api/clients',
        '/admin/api/clients/{id}/rotate-secret',
        '/admin/api/staff',
        '/admin/api/audit-log',
        '/admin/api/dashboard',
      ]),
    );
    for (const [, ops] of admin) for (const op of Object.values(ops)) expect(op.tags).toEqual(['Admin']);
    expect(JSON.stringify(doc.paths['/admin/api/clients'].get)).toContain('Content-Range');
  });
});
