import { request as httpRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { addressProblem, guardedLookup, portOf, UrlPolicy } from './url-safety';

export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  /** The first bytes of the answer, for the console; never parsed. */
  snippet: string | null;
  error: string | null;
}

export const SNIPPET_BYTES = 1024;

/**
 * One POST of a signed body. The target is checked again here, against the address the connection really goes
 * to (an IP literal at once, a name through guardedLookup), so nothing internal ever answers and no internal
 * answer reaches the console's snippet. Never follows redirects (a 3xx is a failed attempt), reads at most
 * SNIPPET_BYTES of the answer, and gives up after `timeoutMs` in all (connect, send, answer).
 */
export function sendWebhook(url: string, headers: Record<string, string>, body: string, timeoutMs: number, policy: UrlPolicy): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: elapsed() });
    };
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const port = portOf(target);
    if ((policy.httpsOnly && target.protocol !== 'https:') || (isIP(host) && addressProblem(host, port, policy))) {
      return finish({ statusCode: null, snippet: null, error: 'Refused: the url is not https or points at a private, loopback or link-local address.' });
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'EmbeddedInsurance-Webhooks/1.0',
        },
        lookup: guardedLookup(policy, port) as never,
        agent: false,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({ statusCode: res.statusCode ?? null, snippet: Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString('utf8'), error: null });
        res.on('data', (c: Buffer) => {
          if (size < SNIPPET_BYTES) chunks.push(c);
          size += c.length;
          if (size >= SNIPPET_BYTES) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', done);
        res.on('close', done);
      },
    );
    timer = setTimeout(() => {
      finish({ statusCode: null, snippet: null, error: `Timed out after ${timeoutMs} ms.` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) => finish({ statusCode: null, snippet: null, error: (e.message || e.code || 'Network error').slice(0, 500) }));
    req.end(body);
  });
}
