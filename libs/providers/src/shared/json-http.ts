import { Agent, errors, type Dispatcher } from 'undici';
import { sandboxScopeHeaders } from './sandbox-scope';

/** An insurer's answer larger than this is refused rather than buffered. */
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

export interface JsonExchange {
  method: Dispatcher.HttpMethod;
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

/** The answer is larger than the caller accepts. */
export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
}

/**
 * One connection pool per insurer/vendor origin, kept alive between calls: a quote fan-out makes nine calls per
 * partner request to the same few origins. The undici timeouts are backstops for a caller that sets no deadline;
 * a caller's own deadline (timeoutMs, signal) is normally shorter and is what stops the call.
 */
const agent = new Agent({
  connections: 256,
  keepAliveTimeout: 60_000,
  keepAliveMaxTimeout: 60_000,
  connect: { timeout: 10_000 },
  headersTimeout: 60_000,
  bodyTimeout: 60_000,
});

/** undici's own timeouts are "no answer in time" like the caller's deadline. */
const isUndiciTimeout = (err: unknown) =>
  err instanceof errors.ConnectTimeoutError || err instanceof errors.HeadersTimeoutError || err instanceof errors.BodyTimeoutError;

/**
 * One JSON exchange with an insurer or vendor: `path` (with its query) under `baseUrl`. Resolves with the status
 * and the body text; rejects when the connection fails, the body passes MAX_ANSWER_BYTES (AnswerTooLargeError),
 * or the timeout or signal stops it before the whole body is in (ExchangeStoppedError).
 */
export async function exchangeJson(baseUrl: string, path: string, exchange: JsonExchange): Promise<RawAnswer> {
  if (exchange.signal?.aborted) throw new ExchangeStoppedError('aborted');
  const base = new URL(baseUrl);
  const body = exchange.payload ?? (exchange.body === undefined ? undefined : Buffer.from(JSON.stringify(exchange.body)));
  const headers: Record<string, string> = { accept: 'application/json', ...sandboxScopeHeaders(), ...exchange.headers };
  if (body) headers['content-type'] = 'application/json';

  // one signal for the call: the caller's, or the deadline, whichever comes first, over connect, headers and body
  const stop = new AbortController();
  const onAbort = () => stop.abort(new ExchangeStoppedError('aborted'));
  exchange.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = exchange.timeoutMs === undefined ? undefined : setTimeout(() => stop.abort(new ExchangeStoppedError('timeout')), exchange.timeoutMs);
  try {
    const answer = await agent.request({
      origin: base.origin,
      path: base.pathname.replace(/\/+$/, '') + path,
      method: exchange.method,
      headers,
      body,
      signal: stop.signal,
    });
    return { status: answer.statusCode, text: await readCapped(answer.body, MAX_ANSWER_BYTES) };
  } catch (err) {
    if (stop.signal.aborted) throw stop.signal.reason as ExchangeStoppedError;
    if (isUndiciTimeout(err)) throw new ExchangeStoppedError('timeout');
    throw err;
  } finally {
    clearTimeout(timer);
    exchange.signal?.removeEventListener('abort', onAbort);
  }
}

/** The body as text, refused (and the connection dropped) once it passes `maxBytes`. */
async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new AnswerTooLargeError(`The answer is larger than ${maxBytes} bytes.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
