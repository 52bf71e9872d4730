import { createHash } from 'node:crypto';
import { HOUR_MS, MINUTE_MS } from '../../libs/common/src';
import { cookieOf, signIn, StaffSession, withSession } from '../admin/admin-kit';
import { http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';
import { acceptInvitation, PORTAL_PASSWORD, portalLogin, portalUser, resetPortalKit, staffInvite, tokenOf } from './portal-kit';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

describe('the partner portal API', () => {
  let app: TestApp;
  let ops: StaffSession;

  beforeAll(async () => {
    resetPortalKit();
    app = await startTestApp();
  });
  afterAll(() => app.close());
  // Sign-ins are limited per address and minute; each test starts in a fresh window (and a staff session).
  beforeEach(async () => {
    app.clock.advance(MINUTE_MS);
    ops = await signIn(app, 'operations');
  });

  const partnerCall = (token: string) => app.request('/api/v1/sandbox/messages', { token });
  const tokenStatus = async (id: string, secret: string) =>
    (await app.request('/oauth/token', { json: { grant_type: 'client_credentials', client_id: id, client_secret: secret } })).status;

  it('staff invite a developer, who sets a password from the link, signs in and generates a new secret that alone works from then on', async () => {
    const partner = await app.partner(['motor-tpl', 'horse']);
    expect((await partnerCall(partner.token)).status).toBe(200);

    const invited = await ops.call('/admin/api/partner-users', { json: { client_id: partner.id, email: ' Dev.One@Partner.test ', role: 'developer' } });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ client_id: partner.id, email: 'dev.one@partner.test', role: 'developer', status: 'invited' });
    expect(invited.body.invitation_url).toMatch(new RegExp(`^${app.url}/portal/set-password#token=[A-Za-z0-9_-]{43}$`));
    expect(invited.body.invitation_expires_at).toBe(new Date(app.clock.now().getTime() + 72 * HOUR_MS).toISOString().replace('Z', '000Z'));
    const token = tokenOf(invited.body.invitation_url);
    const stored = await app.db.prisma.partnerInvitation.findFirstOrThrow({ where: { partnerUserId: invited.body.id } });
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify((await app.db.prisma.auditLogEntry.findMany()).map((r) => [r.before, r.after]))).not.toContain(token);
    expect(await app.db.prisma.auditLogEntry.findFirst({ where: { action: 'partner_users.invite', resourceId: invited.body.id } })).toMatchObject({
      staffId: ops.id,
      role: 'operations',
      after: { client_id: partner.id, email: 'dev.one@partner.test', role: 'developer', status: 'invited' },
    });

    // Not yet a password: the invitee cannot sign in.
    expect((await portalLogin(app, 'dev.one@partner.test')).status).toBe(401);
    const seen = await app.request('/portal/api/auth/invitation', { json: { token }, headers: XHR });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ email: 'dev.one@partner.test', role: 'developer', client_name: 'Test client' });

    const accepted = await acceptInvitation(app, token);
    expect([accepted.status, accepted.body]).toEqual([200, { email: 'dev.one@partner.test' }]);
    expect((await app.db.prisma.partnerUser.findUniqueOrThrow({ where: { id: invited.body.id } })).passwordHash).toMatch(/^\$argon2id\$/);
    // Single use.
    expect((await acceptInvitation(app, token, 'another password 2')).status).toBe(404);

    const login = await portalLogin(app, 'Dev.One@partner.test');
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      email: 'dev.one@partner.test',
      role: 'developer',
      client_id: partner.id,
      permissions: { read: true, rotate_secret: true, manage_users: false },
    });
    expect(login.headers.get('set-cookie')).toMatch(/^ei_portal=[A-Za-z0-9_-]{43}; Path=\/portal; HttpOnly; SameSite=Strict$/);
    const call = withSession(app, cookieOf(login));

    const client = await call('/portal/api/client');
    expect(client.status).toBe(200);
    expect(client.body).toEqual({
      client_id: partner.id,
      name: 'Test client',
      active: true,
      products: ['motor-tpl', 'horse'],
      secret_rotated_at: expect.any(String),
    });

    const rotated = await call('/portal/api/client/rotate-secret', { method: 'POST' });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(rotated.body).toMatchObject({ client_id: partner.id, client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });

    // The very next partner API calls: the old token and the old secret are refused, the new secret works.
    expect((await partnerCall(partner.token)).status).toBe(401);
    expect(await tokenStatus(partner.id, partner.secret)).toBe(401);
    const fresh = await app.token({ id: partner.id, secret: rotated.body.client_secret });
    expect((await partnerCall(fresh)).status).toBe(200);

    const audit = await app.db.prisma.auditLogEntry.findFirstOrThrow({ where: { action: 'clients.rotate_secret', resourceId: partner.id } });
    expect(audit).toMatchObject({
      staffId: null,
      partnerUserId: invited.body.id,
      staffEmail: 'dev.one@partner.test',
      role: 'partner_developer',
      before: { secret_version: 1 },
      after: { secret_version: 2 },
    });
    expect(JSON.stringify([audit.before, audit.after])).not.toContain(rotated.body.client_secret);
  });

  it('refuses an expired or replaced link, and a short password without using the link up', async () => {
    const { id } = await app.createClient(['horse']);
    const first = await staffInvite(app, id, 'viewer', 'late@partner.test');
    const second = await staffInvite(app, id, 'developer', 'late@partner.test');
    expect(second.id).toBe(first.id);
    expect((await acceptInvitation(app, tokenOf(first.invitation_url))).status).toBe(404);

    const short = await acceptInvitation(app, tokenOf(second.invitation_url), 'too short');
    expect(short.status).toBe(422);
    expect(Object.keys(short.body.details)).toEqual(['password']);

    app.clock.advance(72 * HOUR_MS);
    const expired = await acceptInvitation(app, tokenOf(second.invitation_url));
    expect(expired.status).toBe(404);
    expect(expired.body.message).toContain('Ask for a new invitation');
    expect((await app.db.prisma.partnerUser.findUniqueOrThrow({ where: { id: first.id } })).passwordHash).toBeNull();
  });

  it('answers bad invitation input with 422 naming the field, and someone of another partner cannot be invited', async () => {
    const a = await app.createClient(['horse']);
    const b = await app.createClient(['horse']);
    const bad = await ops.call('/admin/api/partner-users', { json: { client_id: a.id, email: 'not-an-email', role: 'boss' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['email', 'role']);
    const unknown = await ops.call('/admin/api/partner-users', {
      json: { client_id: '00000000-0000-4000-8000-000000000000', email: 'x@partner.test', role: 'owner' },
    });
    expect([unknown.status, Object.keys(unknown.body.details ?? {})]).toEqual([422, ['client_id']]);
    await staffInvite(app, a.id, 'owner', 'taken@partner.test');
    const elsewhere = await ops.call('/admin/api/partner-users', { json: { client_id: b.id, email: 'taken@partner.test', role: 'owner' } });
    expect([elsewhere.status, Object.keys(elsewhere.body.details ?? {})]).toEqual([422, ['email']]);
    expect(await app.db.prisma.partnerUser.count({ where: { clientId: b.id } })).toBe(0);
  });

  it('only admin and operations invite; account managers read; claims handlers see nothing', async () => {
    const { id } = await app.createClient(['horse']);
    const am = await signIn(app, 'account_manager');
    const ch = await signIn(app, 'claims_handler');
    expect((await am.call('/admin/api/partner-users', { json: { client_id: id, email: 'am@partner.test', role: 'owner' } })).status).toBe(403);
    expect((await am.call(`/admin/api/partner-users?filter=${encodeURIComponent(JSON.stringify({ client_id: id }))}`)).status).toBe(200);
    expect((await ch.call('/admin/api/partner-users')).status).toBe(403);
  });

  it("keeps partners apart: another partner's users are 404, and a viewer may neither rotate nor invite", async () => {
    const a = await app.createClient(['horse']);
    const b = await app.createClient(['horse']);
    const ownerA = await portalUser(app, a.id, 'owner');
    const ownerB = await portalUser(app, b.id, 'owner');
    const viewerB = await portalUser(app, b.id, 'viewer');

    const listB = await ownerB.call('/portal/api/users');
    expect(listB.body.map((u: { email: string }) => u.email).sort()).toEqual([ownerB.email, viewerB.email].sort());
    const show = await ownerB.call(`/portal/api/users/${ownerA.id}`);
    expect([show.status, show.body.code]).toEqual([404, '40401']);
    expect((await ownerB.call(`/portal/api/users/${ownerA.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await app.db.prisma.partnerUser.findUniqueOrThrow({ where: { id: ownerA.id } })).active).toBe(true);
    expect((await ownerB.call('/portal/api/client')).body.client_id).toBe(b.id);

    const before = await app.db.prisma.apiClient.findUniqueOrThrow({ where: { id: b.id } });
    const rotate = await viewerB.call('/portal/api/client/rotate-secret', { method: 'POST' });
    expect([rotate.status, rotate.body.code]).toEqual([403, '40302']);
    expect((await app.db.prisma.apiClient.findUniqueOrThrow({ where: { id: b.id } })).secretHash).toBe(before.secretHash);
    const invite = await viewerB.call('/portal/api/users', { json: { email: 'friend@partner.test', role: 'owner' } });
    expect(invite.status).toBe(403);
    expect((await viewerB.call(`/portal/api/users/${ownerB.id}`, { method: 'DELETE' })).status).toBe(403);
    expect(await app.db.prisma.partnerUser.count({ where: { email: 'friend@partner.test' } })).toBe(0);
  });

  it("an owner invites and removes the partner's own users, audited as the owner; a removed user is signed out at once", async () => {
    const { id } = await app.createClient(['horse']);
    const owner = await portalUser(app, id, 'owner');
    const invited = await owner.call('/portal/api/users', { json: { email: 'new.dev@partner.test', role: 'developer' } });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      client_id: id,
      role: 'developer',
      status: 'invited',
      invitation_url: expect.stringContaining('/portal/set-password#token='),
    });
    expect(await app.db.prisma.auditLogEntry.findFirst({ where: { action: 'partner_users.invite', resourceId: invited.body.id } })).toMatchObject({
      staffId: null,
      partnerUserId: owner.id,
      role: 'partner_owner',
    });
    expect((await acceptInvitation(app, tokenOf(invited.body.invitation_url))).status).toBe(200);
    const login = await portalLogin(app, 'new.dev@partner.test');
    const dev = withSession(app, cookieOf(login));
    expect((await dev('/portal/api/auth/me')).status).toBe(200);

    expect((await owner.call(`/portal/api/users/${owner.id}`, { method: 'DELETE' })).status).toBe(409);
    expect((await owner.call(`/portal/api/users/${invited.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await dev('/portal/api/auth/me')).status).toBe(401);
    expect((await portalLogin(app, 'new.dev@partner.test')).status).toBe(401);
    expect(await app.db.prisma.auditLogEntry.findFirst({ where: { action: 'partner_users.remove', resourceId: invited.body.id } })).toMatchObject({
      partnerUserId: owner.id,
      before: { status: 'active' },
      after: { status: 'removed' },
    });
    expect((await owner.call('/portal/api/users')).body.map((u: { id: string }) => u.id)).toEqual([owner.id]);

    // Invited again: a new link, and the old password no longer lets them in.
    const again = await owner.call('/portal/api/users', { json: { email: 'new.dev@partner.test', role: 'viewer' } });
    expect([again.status, again.body.id, again.body.status, again.body.role]).toEqual([201, invited.body.id, 'invited', 'viewer']);
    expect((await portalLogin(app, 'new.dev@partner.test')).status).toBe(401);
    expect((await acceptInvitation(app, tokenOf(again.body.invitation_url))).status).toBe(200);
    expect((await portalLogin(app, 'new.dev@partner.test')).status).toBe(200);
  });

  it('staff sessions never open the portal and portal sessions never open the console', async () => {
    const { id } = await app.createClient(['horse']);
    const partnerUser = await portalUser(app, id, 'owner');
    const staffToken = ops.cookie.split('=')[1];
    const portalToken = partnerUser.cookie.split('=')[1];

    const asStaff = (path: string, cookie: string, method = 'GET') => http(`${app.url}${path}`, { method, headers: { Cookie: cookie, ...XHR } });
    for (const cookie of [ops.cookie, `ei_portal=${staffToken}`]) {
      expect((await asStaff('/portal/api/auth/me', cookie)).status).toBe(401);
      expect((await asStaff('/portal/api/client', cookie)).status).toBe(401);
      expect((await asStaff('/portal/api/client/rotate-secret', cookie, 'POST')).status).toBe(401);
    }
    for (const cookie of [partnerUser.cookie, `ei_console=${portalToken}`]) {
      expect((await asStaff('/admin/api/auth/me', cookie)).status).toBe(401);
      expect((await asStaff(`/admin/api/clients/${id}`, cookie)).status).toBe(401);
      expect((await asStaff('/admin/api/partner-users', cookie)).status).toBe(401);
    }
    // Every portal route in the API document, the business views included, refuses a console cookie (and none at all).
    const doc = (await http(`${app.url}/openapi.json`)).body as { paths: Record<string, Record<string, unknown>> };
    const PUBLIC = ['/portal/api/auth/login', '/portal/api/auth/invitation', '/portal/api/auth/accept-invitation'];
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/portal/api/') && !PUBLIC.includes(path))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => [method.toUpperCase(), path.replace(/\{[^}]+\}/g, '1')] as const));
    for (const path of [
      '/portal/api/policies',
      '/portal/api/policies/1',
      '/portal/api/payments/1',
      '/portal/api/refunds/1',
      '/portal/api/claims/1',
      '/portal/api/overview',
    ])
      expect(routes.map(([, p]) => p)).toContain(path);
    for (const [method, path] of routes)
      for (const cookie of [ops.cookie, `ei_portal=${staffToken}`, ''])
        expect([method, path, (await asStaff(path, cookie, method)).status]).toEqual([method, path, 401]);
    // Both still work where they belong.
    expect((await ops.call('/admin/api/auth/me')).status).toBe(200);
    expect((await partnerUser.call('/portal/api/auth/me')).status).toBe(200);
  });

  it("holds the console's rules: CSRF header, lockout after five wrong passwords, idle expiry, sign-out", async () => {
    const { id } = await app.createClient(['horse']);
    const user = await portalUser(app, id, 'developer');
    const noCsrf = await http(`${app.url}/portal/api/client/rotate-secret`, { method: 'POST', headers: { Cookie: user.cookie } });
    expect(noCsrf.status).toBe(403);
    const crossSite = await user.call('/portal/api/client/rotate-secret', { method: 'POST', headers: { Origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect((await app.request('/portal/api/auth/login', { json: { email: user.email, password: PORTAL_PASSWORD } })).status).toBe(403);

    for (let i = 1; i <= 4; i++) expect((await portalLogin(app, user.email, `wrong ${i}`)).status).toBe(401);
    const locked = await portalLogin(app, user.email, 'wrong 5');
    expect([locked.status, locked.headers.get('retry-after')]).toEqual([429, '900']);
    expect((await portalLogin(app, user.email)).status).toBe(429);
    expect(await app.db.prisma.auditLogEntry.findFirst({ where: { action: 'portal.locked', resourceId: user.id } })).toMatchObject({ partnerUserId: user.id });
    app.clock.advance(15 * MINUTE_MS);
    const again = await portalLogin(app, user.email);
    expect(again.status).toBe(200);
    const call = withSession(app, cookieOf(again));

    app.clock.advance(29 * MINUTE_MS);
    expect((await call('/portal/api/auth/me')).status).toBe(200);
    app.clock.advance(30 * MINUTE_MS);
    expect((await call('/portal/api/auth/me')).status).toBe(401);

    const last = withSession(app, cookieOf(await portalLogin(app, user.email)));
    const out = await last('/portal/api/auth/logout', { method: 'POST' });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^ei_portal=; Path=\/portal;.*Max-Age=0/);
    expect((await last('/portal/api/auth/me')).status).toBe(401);
  });

  it('limits sign-in attempts per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await portalLogin(app, `nobody${i}@partner.test`, 'whatever')).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('documents the portal API in the OpenAPI document', async () => {
    const doc = await app.request('/openapi.json');
    const paths = Object.keys(doc.body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/portal/api/auth/login',
        '/portal/api/auth/accept-invitation',
        '/portal/api/client',
        '/portal/api/client/rotate-secret',
        '/portal/api/users',
        '/portal/api/users/{id}',
        '/admin/api/partner-users',
      ]),
    );
    expect(doc.body.paths['/portal/api/client/rotate-secret'].post.responses['200'].content['application/json'].schema.required).toContain('client_secret');
  });
});
