import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { sandboxScopeHeaders } from './sandbox-scope';

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

export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
}

/** The exchange was stopped by its timeout or its signal before the answer was complete. */
export class ExchangeStoppedError extends Error {
  override readonly name = 'ExchangeStoppedError';

  constructor(readonly reason: 'timeout' | 'aborted') {
    super(reason === 'timeout' ? 'No answer in time.' : 'The call was stopped.');
  }
}

// Kept-alive connections per insurer host: a quote fan-out reuses sockets instead of opening nine new ones.
// Every socket a burst opened stays for the next (the insurer closes idle ones after its keep-alive timeout).
const SOCKETS_PER_HOST = 256;
const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: SOCKETS_PER_HOST, maxFreeSockets: SOCKETS_PER_HOST, scheduling: 'lifo' });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: SOCKETS_PER_HOST, maxFreeSockets: SOCKETS_PER_HOST, scheduling: 'lifo' });

interface Origin {
  secure: boolean;
  hostname: string;
  port: string;
  /** The base URL's own path, without its trailing slash ('' for none). */
  basePath: string;
}

/** Base URLs come from configuration: a handful per process, each parsed once. */
const origins = new Map<string, Origin>();
const MAX_ORIGINS = 64;

function originOf(baseUrl: string): Origin {
  let origin = origins.get(baseUrl);
  if (origin) return origin;
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Not an http(s) URL: ${url.protocol}`);
  origin = {
    secure: url.protocol === 'https:',
    // node:http wants an IPv6 literal without its brackets
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port,
    basePath: url.pathname.replace(/\/+$/, ''),
  };
  if (origins.size >= MAX_ORIGINS) origins.clear();
  origins.set(baseUrl, origin);
  return origin;
}

/**
 * One JSON exchange with an insurer or vendor over node:http(s): `path` (with its query) under `baseUrl`.
 * Resolves with the status and the body text; rejects when the connection fails, the body passes
 * MAX_ANSWER_BYTES, or the timeout or signal stops it (ExchangeStoppedError). It costs a quote fan-out
 * little: no URL object, AbortSignal composition or stream pipeline per call, one timer and one listener.
 */
export function exchangeJson(baseUrl: string, path: string, exchange: JsonExchange): Promise<RawAnswer> {
  const { signal } = exchange;
  if (signal?.aborted) return Promise.reject(new ExchangeStoppedError('aborted'));
  const origin = originOf(baseUrl);
  const payload = exchange.payload ?? (exchange.body === undefined ? undefined : Buffer.from(JSON.stringify(exchange.body)));
  const headers: Record<string, string> = { accept: 'application/json', ...sandboxScopeHeaders(), ...exchange.headers };
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(payload.length);
  }
  const options: RequestOptions = {
    method: exchange.method,
    hostname: origin.hostname,
    port: origin.port,
    path: origin.basePath + path,
    headers,
    agent: origin.secure ? httpsAgent : httpAgent,
  };
  return new Promise<RawAnswer>((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (error: Error | null, answer?: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(answer!);
    };
    const stop = (reason: 'timeout' | 'aborted') => {
      const error = new ExchangeStoppedError(reason);
      finish(error);
      req.destroy(error);
    };
    const onAbort = () => stop('aborted');
    const req = (origin.secure ? httpsRequest : httpRequest)(options, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          const error = new AnswerTooLargeError(`The answer is larger than ${MAX_ANSWER_BYTES} bytes.`);
          finish(error);
          res.destroy(error);
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => {
        const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
        finish(null, { status: res.statusCode ?? 0, text: body.toString('utf8') });
      });
      res.on('error', (e) => finish(e));
      res.on('aborted', () => finish(new Error('The other side closed the connection mid-answer.')));
    });
    req.on('error', (e) => finish(e));
    if (exchange.timeoutMs !== undefined) timer = setTimeout(stop, exchange.timeoutMs, 'timeout');
    signal?.addEventListener('abort', onAbort, { once: true });
    req.end(payload);
  });
}
