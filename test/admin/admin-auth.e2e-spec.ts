import { createHash } from 'node:crypto';
import { MINUTE_MS, HOUR_MS } from '../../libs/common/src';
import { startTestApp, TestApp } from '../support/test-app';
import { cookieOf, createStaff, login, PASSWORD, withSession } from './admin-kit';

describe('console sign-in, sessions and CSRF', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  // Sign-ins are rate limited per address and minute; each test starts in a fresh window.
  beforeEach(() => app.clock.advance(MINUTE_MS));

  it('signs in with an HttpOnly, SameSite=Strict cookie scoped to /admin, and /me answers who and what', async () => {
    const staff = await createStaff(app, 'operations', 'Ops.Person@Example.com');
    const res = await login(app, 'ops.person@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: staff.id, email: 'ops.person@example.com', role: 'operations' });
    expect(res.body.permissions.clients).toEqual(expect.arrayContaining(['read', 'create', 'rotate_secret']));
    expect(res.body.permissions.staff).toEqual([]);
    const set = res.headers.get('set-cookie')!;
    expect(set).toMatch(/^ei_console=[A-Za-z0-9_-]{43}; Path=\/admin; HttpOnly; SameSite=Strict$/);
    expect(set).not.toContain('Secure');

    const me = await withSession(app, cookieOf(res))('/admin/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'ops.person@example.com', role: 'operations' });
  });

  it('marks the cookie Secure when the request came over https (behind a trusted proxy)', async () => {
    const proxied = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const staff = await createStaff(proxied, 'admin');
      const res = await login(proxied, staff.email, PASSWORD, { 'X-Requested-With': 'XMLHttpRequest', 'X-Forwarded-Proto': 'https' });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/; Secure$/);
    } finally {
      await proxied.close();
    }
  });

  it('stores only a hash of the session token', async () => {
    const staff = await createStaff(app, 'admin');
    const token = cookieOf(await login(app, staff.email)).split('=')[1];
    const sessions = await app.db.prisma.staffSession.findMany({ where: { staffId: staff.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0].tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(sessions)).not.toContain(token);
    const user = await app.db.prisma.staffUser.findUniqueOrThrow({ where: { id: staff.id } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers a wrong password and an unknown email alike (401, no cookie)', async () => {
    const staff = await createStaff(app, 'admin');
    const wrong = await login(app, staff.email, 'not the password');
    const unknown = await login(app, 'nobody@staff.test', 'not the password');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: '40102', message: 'Wrong email or password.' });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('locks the account after 5 failures for 15 minutes, even for the right password, then lets it in', async () => {
    const staff = await createStaff(app, 'claims_handler');
    for (let i = 1; i <= 4; i++) expect((await login(app, staff.email, `wrong ${i}`)).status).toBe(401);
    const fifth = await login(app, staff.email, 'wrong 5');
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toContain('locked for 15 more minutes');
    expect(fifth.headers.get('retry-after')).toBe('900');

    const right = await login(app, staff.email);
    expect(right.status).toBe(429);
    expect(right.headers.get('set-cookie')).toBeNull();

    app.clock.advance(14 * MINUTE_MS);
    expect((await login(app, staff.email)).status).toBe(429);
    app.clock.advance(MINUTE_MS);
    expect((await login(app, staff.email)).status).toBe(200);

    const actions = (await app.db.prisma.auditLogEntry.findMany({ where: { resourceId: staff.id }, orderBy: { id: 'asc' } })).map((r) => r.action);
    expect(actions.filter((a) => a === 'auth.login_failed')).toHaveLength(4);
    expect(actions).toContain('auth.locked');
    expect(actions[actions.length - 1]).toBe('auth.login');
  });

  it('a success resets the failure count', async () => {
    const staff = await createStaff(app, 'operations');
    for (let i = 0; i < 4; i++) await login(app, staff.email, 'wrong');
    expect((await login(app, staff.email)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(app, staff.email, 'wrong')).status).toBe(401);
    expect((await login(app, staff.email)).status).toBe(200);
  });

  it('rate limits sign-in attempts per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await login(app, `flood${i}@staff.test`, 'x')).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('ends a session after 30 idle minutes', async () => {
    const staff = await createStaff(app, 'admin');
    const call = withSession(app, cookieOf(await login(app, staff.email)));
    app.clock.advance(29 * MINUTE_MS);
    expect((await call('/admin/api/auth/me')).status).toBe(200);
    app.clock.advance(29 * MINUTE_MS);
    expect((await call('/admin/api/auth/me')).status).toBe(200);
    app.clock.advance(30 * MINUTE_MS);
    const res = await call('/admin/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: '40101', message: 'Your session has ended. Sign in again.' });
  });

  it('ends a session 12 hours after sign-in however active it is', async () => {
    const staff = await createStaff(app, 'admin');
    const call = withSession(app, cookieOf(await login(app, staff.email)));
    for (let i = 0; i < 28; i++) {
      app.clock.advance(25 * MINUTE_MS);
      expect((await call('/admin/api/auth/me')).status).toBe(200);
    }
    app.clock.advance(12 * HOUR_MS - 28 * 25 * MINUTE_MS);
    expect((await call('/admin/api/auth/me')).status).toBe(401);
  });

  it('logs out: the cookie is cleared and the session no longer works', async () => {
    const staff = await createStaff(app, 'operations');
    const cookie = cookieOf(await login(app, staff.email));
    const call = withSession(app, cookie);
    const out = await call('/admin/api/auth/logout', { method: 'POST' });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await call('/admin/api/auth/me')).status).toBe(401);
  });

  it('refuses without a cookie, with a forged one, and for a deactivated user', async () => {
    expect((await app.request('/admin/api/auth/me')).status).toBe(401);
    expect((await withSession(app, 'ei_console=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')('/admin/api/auth/me')).status).toBe(401);
    const staff = await createStaff(app, 'operations');
    const call = withSession(app, cookieOf(await login(app, staff.email)));
    await app.db.prisma.staffUser.update({ where: { id: staff.id }, data: { active: false } });
    expect((await call('/admin/api/auth/me')).status).toBe(401);
    expect((await login(app, staff.email)).body.message).toBe('This account is deactivated.');
  });

  it('requires X-Requested-With on state-changing requests and refuses foreign origins (CSRF)', async () => {
    const staff = await createStaff(app, 'admin');
    expect((await login(app, staff.email, PASSWORD, {})).status).toBe(403);
    const cookie = cookieOf(await login(app, staff.email));
    const bare = await app.request('/admin/api/clients', { json: { name: 'Acme', products: [] }, headers: { Cookie: cookie } });
    expect(bare.status).toBe(403);
    expect(bare.body.message).toContain('X-Requested-With');
    const foreign = await withSession(app, cookie)('/admin/api/clients', { json: { name: 'Acme', products: [] }, headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const own = await withSession(app, cookie)('/admin/api/clients', { json: { name: 'Acme', products: [] }, headers: { Origin: app.url } });
    expect(own.status).toBe(201);
    expect(await app.db.prisma.apiClient.count({ where: { name: 'Acme' } })).toBe(1);
    // Reads need no header.
    expect((await withSession(app, cookie)('/admin/api/clients')).status).toBe(200);
  });

  it('validates the sign-in body with 422 naming fields', async () => {
    const res = await app.request('/admin/api/auth/login', { json: { email: '', extra: 1 }, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details).sort()).toEqual(['email', 'extra', 'password']);
  });
});
