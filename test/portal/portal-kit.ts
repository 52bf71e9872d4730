import type { PartnerRole } from '../../libs/common/src/permissions';
import { cookieOf, signIn, StaffSession, withSession } from '../admin/admin-kit';
import type { HttpResponse, RequestOptions } from '../support/http';
import type { TestApp } from '../support/test-app';

export const PORTAL_PASSWORD = 'partner portal pass 1';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

export interface PortalSession {
  id: string;
  email: string;
  clientId: string;
  cookie: string;
  call<T = any>(path: string, opts?: RequestOptions): Promise<HttpResponse<T>>;
}

/** The token of a sandbox invitation link (`.../portal/set-password#token=...`). */
export function tokenOf(url: string): string {
  const token = new URL(url).hash.replace(/^#token=/, '');
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new Error(`no token in ${url}`);
  return token;
}

export function portalLogin(app: TestApp, email: string, password = PORTAL_PASSWORD) {
  return app.request('/portal/api/auth/login', { json: { email, password }, headers: XHR });
}

export function acceptInvitation(app: TestApp, token: string, password = PORTAL_PASSWORD) {
  return app.request('/portal/api/auth/accept-invitation', { json: { token, password }, headers: XHR });
}

let staff: StaffSession | undefined;
let seq = 0;

/** Staff (operations) invite `email` to the client; the answer carries the sandbox link. */
export async function staffInvite(app: TestApp, clientId: string, role: PartnerRole, email = `${role}.${++seq}@partner.test`) {
  const body = { json: { client_id: clientId, email, role } };
  staff ??= await signIn(app, 'operations');
  let res = await staff.call('/admin/api/partner-users', body);
  // A test that moved the clock past the staff session's end: a new one.
  if (res.status === 401) {
    staff = await signIn(app, 'operations');
    res = await staff.call('/admin/api/partner-users', body);
  }
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${res.text}`);
  return res.body as { id: string; email: string; invitation_url: string };
}

/** A partner user of the client with `role`, invited by staff, password chosen, signed in. */
export async function portalUser(app: TestApp, clientId: string, role: PartnerRole): Promise<PortalSession> {
  const invited = await staffInvite(app, clientId, role);
  const accepted = await acceptInvitation(app, tokenOf(invited.invitation_url));
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${accepted.text}`);
  const res = await portalLogin(app, invited.email);
  if (res.status !== 200) throw new Error(`portal login failed: ${res.status} ${res.text}`);
  const cookie = cookieOf(res);
  return { id: invited.id, email: invited.email, clientId, cookie, call: withSession(app, cookie) };
}

/** Forgets the cached staff session (each test file starts its own app). */
export function resetPortalKit(): void {
  staff = undefined;
}
