import { fetchUtils } from 'react-admin';

export const API = '/admin/api';

/** Every console call: same-origin cookie, JSON, and the CSRF header the admin API requires. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  headers.set('X-Requested-With', 'XMLHttpRequest');
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
}
