import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { sandboxScopeHeaders } from './sandbox-scope';

/** An insurer's answer larger than this is refused rather than buffered. */
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

export interface JsonExchange {
  method: string;
  /** Serialised as JSON when given. */
  body?: unknown;
  signal: AbortSignal;
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

// Kept-alive connections per insurer host: a quote fan-out reuses sockets instead of opening nine new ones.
// Every socket a burst opened stays for the next (the insurer closes idle ones after its keep-alive timeout).
const SOCKETS_PER_HOST = 256;
const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: SOCKETS_PER_HOST, maxFreeSockets: SOCKETS_PER_HOST, scheduling: 'lifo' });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: SOCKETS_PER_HOST, maxFreeSockets: SOCKETS_PER_HOST, scheduling: 'lifo' });

/**
 * One JSON exchange with an insurer over node:http(s), the lean client: status and body text, or a
 * rejection when the signal aborts, the connection fails or the body passes MAX_ANSWER_BYTES.
 */
export function exchangeJson(url: string, exchange: JsonExchange): Promise<RawAnswer> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const payload = exchange.body === undefined ? undefined : Buffer.from(JSON.stringify(exchange.body));
  const headers: Record<string, string> = { accept: 'application/json', ...sandboxScopeHeaders(), ...exchange.headers };
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(payload.length);
  }
  return new Promise((resolve, reject) => {
    const req = (secure ? httpsRequest : httpRequest)(
      target,
      { method: exchange.method, headers, agent: secure ? httpsAgent : httpAgent, signal: exchange.signal },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            res.destroy(new AnswerTooLargeError(`The answer is larger than ${MAX_ANSWER_BYTES} bytes.`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks, size).toString('utf8') }));
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('The insurer closed the connection mid-answer.')));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
