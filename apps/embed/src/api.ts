import { apiBase, T } from './context';
import type { Problem } from '@shared/embed-page';

/** A failed call: the HTTP status (0: no answer) and the problem the API answered, if any. */
export interface Failure {
  status: number;
  body: Problem | null;
}

export const isFailure = (e: unknown): e is Failure => typeof e === 'object' && e !== null && 'status' in e && 'body' in e;

/** Calls one of the session's own endpoints; rejects with a Failure. No cookies: the URL token is the key. */
export async function call<R>(method: 'GET' | 'POST', path: string, body?: FormData | Record<string, unknown>): Promise<R> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'omit', cache: 'no-store' };
  if (body instanceof FormData) init.body = body;
  else if (body) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(apiBase + path, init);
  } catch {
    throw { status: 0, body: { message: T.failed } } satisfies Failure;
  }
  if (res.status === 204) return null as R;
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) throw { status: res.status, body: json as Problem | null } satisfies Failure;
  return json as R;
}
