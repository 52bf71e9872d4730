import type { DataProvider, RaRecord } from 'react-admin';
import { API, httpClient } from './api';

const only = (resource: string) => {
  if (resource !== 'users') throw new Error(`The portal has no resource ${resource}.`);
};

/**
 * The portal's one resource, its partner's users. A partner has a handful, so the API answers them all and the
 * list sorts them here.
 */
export const dataProvider = {
  async getList(resource, params) {
    only(resource);
    const rows = (await httpClient(`${API}/users`)).json as RaRecord[];
    const { field, order } = params.sort ?? { field: 'email', order: 'ASC' };
    const sorted = [...rows].sort((a, b) => String(a[field] ?? '').localeCompare(String(b[field] ?? '')) * (order === 'DESC' ? -1 : 1));
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    return { data: sorted.slice((page - 1) * perPage, page * perPage), total: rows.length };
  },
  async getOne(resource, params) {
    only(resource);
    return { data: (await httpClient(`${API}/users/${encodeURIComponent(String(params.id))}`)).json };
  },
  async getMany(resource, params) {
    only(resource);
    const rows = (await httpClient(`${API}/users`)).json as RaRecord[];
    return { data: rows.filter((r) => params.ids.includes(r.id)) };
  },
  async create(resource, params) {
    only(resource);
    return { data: (await httpClient(`${API}/users`, { method: 'POST', body: JSON.stringify({ email: params.data.email, role: params.data.role }) })).json };
  },
  async delete(resource, params) {
    only(resource);
    await httpClient(`${API}/users/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
    return { data: params.previousData ?? { id: params.id } };
  },
  async getManyReference() {
    throw new Error('Not used by the portal.');
  },
  async update() {
    throw new Error('Portal users are not edited: remove and invite again.');
  },
  async updateMany() {
    throw new Error('Not used by the portal.');
  },
  async deleteMany() {
    throw new Error('Not used by the portal.');
  },
} as DataProvider;
