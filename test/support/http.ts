import { checkAgainstOpenApi } from './openapi-check';

export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  body?: string | Buffer | FormData;
  token?: string;
}

/** A real HTTP request to the app under test; parses JSON bodies and holds the answer to the OpenAPI document. */
export async function http<T = any>(url: string, opts: RequestOptions = {}): Promise<HttpResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(opts.headers ?? {}) };
  let body: BodyInit | undefined = opts.body as BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(opts.json);
  }
  if (opts.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  }
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const res = await fetch(url, { method: opts.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
  const text = await res.text();
  await checkAgainstOpenApi(url, opts.method ?? (body !== undefined ? 'POST' : 'GET'), res.status, res.headers.get('content-type') ?? '', text);
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

/**
 * Repeats `call` until it answers `wanted`, for effects that are asynchronous by design (a client change reaches
 * each instance's auth cache with its NOTIFY, milliseconds after the commit but not ordered before the next
 * request). Waits on the answer, not on a delay, however long a busy machine takes; an effect that never comes
 * returns the last status after 45 s, failing the test's assertion with it.
 */
export async function untilStatus(call: () => Promise<{ status: number }>, wanted: number): Promise<number> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const status = (await call()).status;
    if (status === wanted || Date.now() > deadline) return status;
    await new Promise((r) => setTimeout(r, 20));
  }
}
