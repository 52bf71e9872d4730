import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { API, httpClient } from './httpClient';

/** The fields each resource's edit form may send (the API rejects unknown fields). */
const EDITABLE: Record<string, string[]> = {
  clients: ['name', 'contact_name', 'contact_email', 'contact_phone'],
  staff: ['name', 'role', 'active', 'password'],
};

export interface ConsoleDataProvider extends DataProvider {
  clientAction(id: string, action: 'rotate-secret' | 'deactivate' | 'activate'): Promise<{ data: Record<string, unknown> & { id: string } }>;
  setProducts(id: string, add: string[], remove: string[]): Promise<void>;
  dashboard(days: number): Promise<DashboardData>;
}

export interface DashboardData {
  counters: Record<string, number>;
  premium_volume: string;
  policies_by_status: Record<string, number>;
  series: Record<string, Array<{ date: string; value: number | string }>>;
}

const base = simpleRestProvider(API, httpClient);

export const dataProvider: ConsoleDataProvider = {
  ...base,
  update: (resource, params) => {
    const allowed = EDITABLE[resource] ?? [];
    const data = Object.fromEntries(
      Object.entries(params.data as Record<string, unknown>).filter(([k, v]) => allowed.includes(k) && !(k === 'password' && !v)),
    );
    return base.update(resource, { ...params, data });
  },
  async clientAction(id, action) {
    const { json } = await httpClient(`${API}/clients/${id}/${action}`, { method: 'POST' });
    return { data: json };
  },
  async setProducts(id, add, remove) {
    if (add.length) await httpClient(`${API}/clients/${id}/enrol`, { method: 'POST', body: JSON.stringify({ products: add }) });
    if (remove.length) await httpClient(`${API}/clients/${id}/unenrol`, { method: 'POST', body: JSON.stringify({ products: remove }) });
  },
  async dashboard(days) {
    const { json } = await httpClient(`${API}/dashboard?days=${days}`);
    return json as DashboardData;
  },
};
