import type { StaffRole } from '../../libs/common/src/permissions';
import { STAFF_ROLES } from '../../libs/common/src/permissions';
import { StaffService } from '../../apps/api/src/platform/admin/staff/staff.service';
import { http, HttpResponse, RequestOptions } from '../support/http';
import { TestApp } from '../support/test-app';

export const PASSWORD = 'correct horse battery';

export interface StaffSession {
  id: string;
  email: string;
  role: StaffRole;
  cookie: string;
  /** A request with this session's cookie and, on state-changing methods, the CSRF header. */
  call<T = any>(path: string, opts?: RequestOptions): Promise<HttpResponse<T>>;
}

let seq = 0;

export async function createStaff(app: TestApp, role: StaffRole, email = `${role}.${++seq}@staff.test`) {
  const user = await app.api.app
    .get(StaffService)
    .create({ staffId: null, email: 'test', role: 'system' }, { email, name: `Test ${role}`, role, password: PASSWORD });
  return { id: user.id, email: user.email, role };
}

export function login(app: TestApp, email: string, password = PASSWORD, headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' }) {
  return app.request('/admin/api/auth/login', { json: { email, password }, headers });
}

export function cookieOf(res: HttpResponse): string {
  const set = res.headers.get('set-cookie');
  if (!set) throw new Error(`no Set-Cookie (status ${res.status}: ${res.text})`);
  return set.split(';')[0];
}

export function withSession(app: TestApp, cookie: string) {
  return <T = any>(path: string, opts: RequestOptions = {}) => {
    const method = opts.method ?? (opts.json !== undefined ? 'POST' : 'GET');
    const csrf: Record<string, string> = method === 'GET' || method === 'HEAD' ? {} : { 'X-Requested-With': 'XMLHttpRequest' };
    return http<T>(`${app.url}${path}`, { ...opts, method, headers: { Cookie: cookie, ...csrf, ...(opts.headers ?? {}) } });
  };
}

export async function signIn(app: TestApp, role: StaffRole): Promise<StaffSession> {
  const staff = await createStaff(app, role);
  const res = await login(app, staff.email);
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  const cookie = cookieOf(res);
  return { ...staff, cookie, call: withSession(app, cookie) };
}

/** One signed-in session per role. */
export async function signInEveryRole(app: TestApp): Promise<Record<StaffRole, StaffSession>> {
  const out = {} as Record<StaffRole, StaffSession>;
  for (const role of STAFF_ROLES) out[role] = await signIn(app, role);
  return out;
}

export async function auditRows(app: TestApp) {
  return app.db.prisma.auditLogEntry.findMany({ orderBy: { id: 'asc' } });
}
