import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import { API, httpClient } from './api';

/** Resources the API answers whole (a partner has a handful of each): the list is sorted and paged here. */
const WHOLE = { users: '/users', 'webhook-endpoints': '/webhook-endpoints' } as const;
/** Resources the API pages itself. */
const PAGED = {
  'webhook-deliveries': '/webhook-deliveries',
  requests: '/requests',
  policies: '/policies',
  payments: '/payments',
  refunds: '/refunds',
  claims: '/claims',
} as const;
/** The partner's business: pages newest first, filtered by family and status. */
const BUSINESS = new Set(['policies', 'payments', 'refunds', 'claims']);

type Resource = keyof typeof WHOLE | keyof typeof PAGED;

function pathOf(resource: string): string {
  const path = (WHOLE as Record<string, string>)[resource] ?? (PAGED as Record<string, string>)[resource];
  if (!path) throw new Error(`The portal has no resource ${resource}.`);
  return `${API}${path}`;
}

const one = (resource: string, id: RaRecord['id']) => `${pathOf(resource)}/${encodeURIComponent(String(id))}`;

async function wholeList(resource: Resource, params: Partial<GetListParams>) {
  const rows = (await httpClient(pathOf(resource))).json as RaRecord[];
  const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
  const sorted = [...rows].sort((a, b) => String(a[field] ?? '').localeCompare(String(b[field] ?? '')) * (order === 'DESC' ? -1 : 1));
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  return { data: sorted.slice((page - 1) * perPage, page * perPage), total: rows.length };
}

/** A page of deliveries, newest first (the API's one order), filtered by endpoint and status. */
async function deliveries(params: Partial<GetListParams>, endpointId?: string) {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const q = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  const filter = (params.filter ?? {}) as { status?: string; endpoint_id?: string };
  if (filter.status) q.set('status', filter.status);
  const endpoint = endpointId ?? filter.endpoint_id;
  if (endpoint) q.set('endpoint_id', endpoint);
  return (await httpClient(`${pathOf('webhook-deliveries')}?${q.toString()}`)).json as { data: RaRecord[]; total: number };
}

/** A page of the request log, newest first, searched by request id, status (or 4xx/5xx) and route. */
async function requests(params: Partial<GetListParams>) {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const q = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  const filter = (params.filter ?? {}) as Record<string, string | undefined>;
  for (const key of ['request_id', 'status', 'route'] as const) {
    const v = filter[key]?.trim();
    if (v) q.set(key, v);
  }
  return (await httpClient(`${pathOf('requests')}?${q.toString()}`)).json as { data: RaRecord[]; total: number };
}

/** A page of the partner's policies, payments, refunds or claims, newest first (the API's one order). */
async function business(resource: string, params: Partial<GetListParams>) {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const q = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  const filter = (params.filter ?? {}) as Record<string, string | undefined>;
  for (const key of ['family', 'status'] as const) if (filter[key]) q.set(key, filter[key]);
  const search = filter.q?.trim();
  if (search && resource === 'policies') q.set('q', search);
  return (await httpClient(`${pathOf(resource)}?${q.toString()}`)).json as { data: RaRecord[]; total: number };
}

/** Only the fields the API takes, and of an endpoint's only those the form changed. */
function changes(data: Record<string, unknown>, previous: Record<string, unknown> | undefined, fields: string[]) {
  return Object.fromEntries(fields.filter((f) => f in data && JSON.stringify(data[f]) !== JSON.stringify(previous?.[f])).map((f) => [f, data[f]]));
}

/** The portal's resources: its partner's users, webhook endpoints and deliveries, API requests, and its business (policies, payments, refunds, claims). */
export const dataProvider = {
  async getList(resource, params) {
    if (resource === 'requests') return requests(params);
    if (BUSINESS.has(resource)) return business(resource, params);
    return resource in PAGED ? deliveries(params) : wholeList(resource as Resource, params);
  },
  async getOne(resource, params) {
    return { data: (await httpClient(one(resource, params.id))).json };
  },
  async getMany(resource, params) {
    if (resource in PAGED) return { data: await Promise.all(params.ids.map(async (id) => (await httpClient(one(resource, id))).json as RaRecord)) };
    const rows = (await httpClient(pathOf(resource))).json as RaRecord[];
    return { data: rows.filter((r) => params.ids.includes(r.id)) };
  },
  async getManyReference(resource, params) {
    if (resource !== 'webhook-deliveries' || params.target !== 'endpoint_id') throw new Error(`No ${resource} by ${params.target} in the portal.`);
    return deliveries(params, String(params.id));
  },
  async create(resource, params) {
    if (resource !== 'users' && resource !== 'webhook-endpoints') throw new Error(`Nothing to create in ${resource}.`);
    const body =
      resource === 'users'
        ? { email: params.data.email, role: params.data.role }
        : { url: params.data.url, events: params.data.events, description: params.data.description || null };
    return { data: (await httpClient(pathOf(resource), { method: 'POST', body: JSON.stringify(body) })).json };
  },
  async update(resource, params) {
    if (resource !== 'webhook-endpoints') throw new Error(`${resource} are not edited in the portal.`);
    const body = changes(params.data, params.previousData, ['url', 'events', 'description', 'active']);
    if (body.description === '') body.description = null;
    return { data: (await httpClient(one(resource, params.id), { method: 'PUT', body: JSON.stringify(body) })).json };
  },
  async delete(resource, params) {
    if (resource !== 'users') throw new Error(`Nothing is deleted in ${resource}: disable an endpoint instead.`);
    await httpClient(one(resource, params.id), { method: 'DELETE' });
    return { data: params.previousData ?? { id: params.id } };
  },
  async updateMany() {
    throw new Error('Not used by the portal.');
  },
  async deleteMany() {
    throw new Error('Not used by the portal.');
  },
} as DataProvider;
