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
  claimTypes(): Promise<Array<{ family: string; claim_types: string[] }>>;
  claimHandlers(): Promise<ClaimHandler[]>;
  assignClaims(ids: Array<string | number>, staffId: string, reason?: string): Promise<void>;
  findClaimPolicies(family: string, q: string): Promise<ClaimPolicy[]>;
}

/** A colleague a claim may be given to. */
export interface ClaimHandler {
  id: string;
  name: string;
  email: string;
  role: string;
}

/** A policy and its holder, as the claim form's picker and the claim page show them. */
export interface ClaimPolicy {
  policy_id: number;
  policy_number: string | null;
  policy_status: string;
  cover_from: string | null;
  cover_to: string | null;
  holder_name: string | null;
  holder_id: string | null;
}

export interface DashboardData {
  counters: Record<string, number>;
  premium_volume: string;
  policies_by_status: Record<string, number>;
  series: Record<string, Array<{ date: string; value: number | string }>>;
  /** The caller's role's work lists; account managers (and admins): `medical`. */
  worklists?: {
    medical?: { companies_missing_declarations: number; employees_missing_declarations: number; companies_with_amount_due: number; amount_due: string };
    operations?: { refunds_needing_action: number; renewals_not_taken: number; scheduled_events_failed: number };
  };
}

const base = simpleRestProvider(API, httpClient);

/** The most rows the admin API serves per request (its MAX_RANGE). */
const API_MAX_ROWS = 100;

/**
 * A list request for more rows than the API serves at once: fetched 100 rows at a time, in order, until
 * the page is full or the rows run out. (Exports do not come here: the server streams them as CSV.)
 */
async function getLongList(resource: string, params: Parameters<DataProvider['getList']>[1]) {
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  const { field = 'id', order = 'ASC' } = params.sort ?? {};
  const start = (page - 1) * perPage;
  const data: Array<Record<string, unknown> & { id: string | number }> = [];
  let total = 0;
  for (let first = start; first < start + perPage; first += API_MAX_ROWS) {
    const last = Math.min(first + API_MAX_ROWS, start + perPage) - 1;
    const query = new URLSearchParams({
      sort: JSON.stringify([field, order]),
      range: JSON.stringify([first, last]),
      filter: JSON.stringify(params.filter ?? {}),
    });
    const { json, headers } = await httpClient(`${API}/${resource}?${query.toString()}`);
    const rows = json as typeof data;
    total = Number((headers.get('content-range') ?? '').split('/').pop()) || 0;
    data.push(...rows);
    if (rows.length < last - first + 1 || first + rows.length >= total) break;
  }
  return { data, total };
}

export const dataProvider: ConsoleDataProvider = {
  ...base,
  getList: (resource, params) => ((params.pagination?.perPage ?? 0) > API_MAX_ROWS ? (getLongList(resource, params) as never) : base.getList(resource, params)),
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
  async claimTypes() {
    const { json } = await httpClient(`${API}/claims/types`);
    return (json as { families: Array<{ family: string; claim_types: string[] }> }).families;
  },
  async claimHandlers() {
    const { json } = await httpClient(`${API}/claims/handlers`);
    return json as ClaimHandler[];
  },
  async assignClaims(ids, staffId, reason) {
    await httpClient(`${API}/claims/assign`, {
      method: 'POST',
      body: JSON.stringify({ ids: ids.map(Number), staff_id: staffId, ...(reason ? { reason } : {}) }),
    });
  },
  async findClaimPolicies(family, q) {
    const { json } = await httpClient(`${API}/claims/policies?product_family=${encodeURIComponent(family)}&q=${encodeURIComponent(q)}`);
    return json as ClaimPolicy[];
  },
  async dashboard(days) {
    const { json } = await httpClient(`${API}/dashboard?days=${days}`);
    return json as DashboardData;
  },
};
