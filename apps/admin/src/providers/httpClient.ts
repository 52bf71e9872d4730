import { fetchUtils, HttpError } from 'react-admin';

export const API = '/admin/api';

/**
 * Every console call: same-origin cookie, JSON, and the CSRF header the admin API requires. A 422's
 * `details` ({field: [messages]}) become react-admin's `errors`, so a form marks every field the API
 * named, with the API's own words, instead of one toast.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  headers.set('X-Requested-With', 'XMLHttpRequest');
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
  } catch (err) {
    const body = err instanceof HttpError ? (err.body as { message?: string; details?: Record<string, string[]> } | undefined) : undefined;
    if (!(err instanceof HttpError) || err.status !== 422 || !body?.details) throw err;
    const errors: Record<string, string> = Object.fromEntries(Object.entries(body.details).map(([field, messages]) => [field, messages.join(' ')]));
    throw new HttpError(body.message ?? err.message, err.status, { ...body, errors: { ...errors, root: { serverError: body.message ?? err.message } } });
  }
}
