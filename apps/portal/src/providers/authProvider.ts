import type { AuthProvider } from 'react-admin';
import { API, httpClient, Me } from './api';

let me: Me | null = null;

async function loadMe(): Promise<Me> {
  if (me) return me;
  const { json } = await httpClient(`${API}/auth/me`);
  if (!json || typeof (json as Me).role !== 'string') throw new Error('ra.auth.auth_check_error');
  me = json as Me;
  return me;
}

/** Sign-in with the portal's session cookie; `permissions` is the user's partner role. */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    me = null;
    try {
      const { json } = await httpClient(`${API}/auth/login`, { method: 'POST', body: JSON.stringify({ email: username, password }) });
      me = json as Me;
    } catch (e) {
      const body = (e as { body?: { message?: string } }).body;
      throw new Error(body?.message ?? 'ra.auth.sign_in_error', { cause: e });
    }
  },
  async logout() {
    if (me) await httpClient(`${API}/auth/logout`, { method: 'POST' }).catch(() => undefined);
    me = null;
  },
  async checkAuth() {
    await loadMe();
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      me = null;
      throw new Error('ra.auth.auth_check_error');
    }
  },
  async getIdentity() {
    const m = await loadMe();
    return { id: m.id, fullName: m.email, email: m.email, role: m.role, clientName: m.client_name };
  },
  async getPermissions() {
    return me?.role ?? (await loadMe().catch(() => null))?.role ?? null;
  },
};
