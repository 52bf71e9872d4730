import { http1Exchange, http1Origin, type Http1Origin } from './http1-client';
import { sandboxScopeHeaders } from './sandbox-scope';

export { AnswerTooLargeError } from './http1-response';

/** An insurer's answer larger than this is refused rather than buffered. */
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

export interface JsonExchange {
  method: string;
  /** Serialised as JSON when given. */
  body?: unknown;
  /** A body already serialised as JSON, sent as is: calls that share a body serialise it once. */
  payload?: Buffer;
  /** Stops the exchange (rejects with ExchangeStoppedError). */
  signal?: AbortSignal;
  /** No complete answer in this time: the exchange stops (rejects with ExchangeStoppedError). */
  timeoutMs?: number;
  /** Extra request headers (an API key, say). */
  headers?: Record<string, string>;
}

export interface RawAnswer {
  status: number;
  text: string;
}

/** The exchange was stopped by its timeout or its signal before the answer was complete. */
export class ExchangeStoppedError extends Error {
  override readonly name = 'ExchangeStoppedError';

  constructor(readonly reason: 'timeout' | 'aborted') {
    super(reason === 'timeout' ? 'No answer in time.' : 'The call was stopped.');
  }
}

/** Base URLs come from configuration: a handful per process, each parsed once. */
const origins = new Map<string, Http1Origin & { basePath: string }>();
const MAX_ORIGINS = 64;

function originOf(baseUrl: string): Http1Origin & { basePath: string } {
  let origin = origins.get(baseUrl);
  if (origin) return origin;
  const url = new URL(baseUrl);
  origin = { ...http1Origin(url), basePath: url.pathname.replace(/\/+$/, '') };
  if (origins.size >= MAX_ORIGINS) origins.clear();
  origins.set(baseUrl, origin);
  return origin;
}

/**
 * One JSON exchange with an insurer or vendor over a kept-alive HTTP/1.1 connection (http1Exchange): `path` (with
 * its query) under `baseUrl`. Resolves with the status and the body text; rejects when the connection fails, the
 * body passes MAX_ANSWER_BYTES, or the timeout or signal stops it (ExchangeStoppedError).
 */
export async function exchangeJson(baseUrl: string, path: string, exchange: JsonExchange): Promise<RawAnswer> {
  const origin = originOf(baseUrl);
  const body = exchange.payload ?? (exchange.body === undefined ? undefined : Buffer.from(JSON.stringify(exchange.body)));
  const headers: Record<string, string> = { accept: 'application/json', ...sandboxScopeHeaders(), ...exchange.headers };
  if (body) headers['content-type'] = 'application/json';
  const answer = await http1Exchange(
    origin,
    { method: exchange.method, path: origin.basePath + path, headers, body },
    { maxBodyBytes: MAX_ANSWER_BYTES, signal: exchange.signal, timeoutMs: exchange.timeoutMs, stopped: (reason) => new ExchangeStoppedError(reason) },
  );
  return { status: answer.status, text: answer.body.toString('utf8') };
}
