import { httpClient } from '../../../admin/src/providers/httpClient';

/** The portal API; every call goes through the console's client (same-origin cookie, CSRF header, 422 details). */
export const API = '/portal/api';
export { httpClient };

export interface Me {
  id: string;
  email: string;
  role: 'owner' | 'developer' | 'viewer';
  client_id: string;
  client_name: string;
  permissions: Record<'read' | 'rotate_secret' | 'manage_users', boolean>;
}

export interface PortalClient {
  client_id: string;
  name: string;
  active: boolean;
  products: string[];
  secret_rotated_at: string;
}

export interface Invitation {
  email: string;
  role: Me['role'];
  client_name: string;
  expires_at: string;
}

async function post<T>(path: string, body?: unknown): Promise<T> {
  const { json } = await httpClient(`${API}${path}`, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
  return json as T;
}

/** The portal's own calls beside the users resource. */
export const portalApi = {
  client: async () => (await httpClient(`${API}/client`)).json as PortalClient,
  rotateSecret: () => post<PortalClient & { client_secret: string }>('/client/rotate-secret'),
  invitation: (token: string) => post<Invitation>('/auth/invitation', { token }),
  acceptInvitation: (token: string, password: string) => post<{ email: string }>('/auth/accept-invitation', { token, password }),
};
