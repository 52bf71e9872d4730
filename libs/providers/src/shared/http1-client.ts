import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { Http1Response } from './http1-response';

/** Where requests go: parsed once per base URL. */
export interface Http1Origin {
  secure: boolean;
  hostname: string;
  port: number;
  /** The Host header: the host, with the port when it is not the scheme's default. */
  host: string;
}

export interface Http1Request {
  method: string;
  /** Path and query, already encoded. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface Http1Limits {
  maxBodyBytes: number;
  /** The exchange stops when this fires (rejects with `stopped('aborted')`). */
  signal?: AbortSignal;
  /** No complete answer in this time: the exchange stops (rejects with `stopped('timeout')`). */
  timeoutMs?: number;
  stopped: (reason: 'timeout' | 'aborted') => Error;
}

/** Connections kept open per origin, as node:http's agent did for the fan-out. */
const MAX_SOCKETS_PER_ORIGIN = 256;
/** An idle connection the other side has not closed by then is closed here. */
const IDLE_MS = 60_000;

interface Pool {
  idle: Socket[];
  active: number;
  waiting: Array<() => void>;
}

const pools = new Map<string, Pool>();

/**
 * One request and its response over a kept-alive HTTP/1.1 connection to `origin`: what the insurer and vendor
 * calls need (a JSON body out, status and body back) and no more. A quote fan-out makes nine of these per partner
 * request; node:http's streams, agent events and per-request objects cost several times what this does.
 * Connections are reused last-in first-out and closed when idle; a reused connection the other side had closed
 * before it read anything is retried once on a new one (the stale keep-alive race every client meets).
 */
export async function http1Exchange(origin: Http1Origin, request: Http1Request, limits: Http1Limits): Promise<{ status: number; body: Buffer }> {
  if (limits.signal?.aborted) throw limits.stopped('aborted');
  const head = requestHead(origin, request);
  const key = `${origin.secure ? 's' : ''}${origin.hostname}:${origin.port}`;
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = { idle: [], active: 0, waiting: [] }));
  if (pool.active >= MAX_SOCKETS_PER_ORIGIN) await new Promise<void>((resolve) => pool.waiting.push(resolve));
  pool.active++;
  try {
    const reused = pool.idle.pop();
    if (reused) {
      const answer = await exchangeOn(reused, pool, head, request, limits, true);
      if (answer !== STALE) return answer;
    }
    const answer = await exchangeOn(open(origin), pool, head, request, limits, false);
    if (answer === STALE) throw new Error('The other side closed the connection without answering.');
    return answer;
  } finally {
    pool.active--;
    pool.waiting.shift()?.();
  }
}

const STALE = Symbol('stale');

function exchangeOn(
  socket: Socket,
  pool: Pool,
  head: string,
  request: Http1Request,
  limits: Http1Limits,
  reused: boolean,
): Promise<{ status: number; body: Buffer } | typeof STALE> {
  takeFromIdle(socket);
  return new Promise((resolve, reject) => {
    const response = new Http1Response(limits.maxBodyBytes, request.method === 'HEAD');
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    /** Ends this exchange's hold on the socket; false when it had already ended. */
    const detach = () => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onAbort);
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onClose);
      socket.off('error', onError);
      return true;
    };
    const settle = (error: Error | null, keep: boolean) => {
      if (!detach()) return;
      if (keep) putIdle(socket, pool);
      else socket.destroy();
      if (error) reject(error);
      else resolve({ status: response.status, body: response.body });
    };
    const failed = (error: Error) => {
      // a connection reused after the other side closed it: nothing was answered, so ask again on a new one
      if (reused && response.received === 0 && detach()) {
        socket.destroy();
        resolve(STALE);
        return;
      }
      settle(error, false);
    };
    const onData = (chunk: Buffer) => {
      try {
        response.feed(chunk);
      } catch (e) {
        return settle(e as Error, false);
      }
      if (response.done) settle(null, response.reusable);
    };
    const onEnd = () => {
      try {
        response.end();
      } catch (e) {
        return failed(e as Error);
      }
      settle(null, false);
    };
    const onClose = () => failed(new Error('The other side closed the connection mid-answer.'));
    const onError = (e: Error) => failed(e);
    const onAbort = () => settle(limits.stopped('aborted'), false);
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('close', onClose);
    socket.on('error', onError);
    if (limits.timeoutMs !== undefined) timer = setTimeout(() => settle(limits.stopped('timeout'), false), limits.timeoutMs);
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    socket.ref();
    if (request.body) {
      socket.cork();
      socket.write(head, 'latin1');
      socket.write(request.body);
      socket.uncork();
    } else {
      socket.write(head, 'latin1');
    }
  });
}

function open(origin: Http1Origin): Socket {
  const socket = origin.secure
    ? tlsConnect({ host: origin.hostname, port: origin.port, servername: isIP(origin.hostname) ? undefined : origin.hostname, ALPNProtocols: ['http/1.1'] })
    : netConnect({ host: origin.hostname, port: origin.port });
  socket.setNoDelay(true);
  return socket;
}

/** While a connection waits in the pool, the other side closing it (or sending anything) only takes it out. */
const idleHandlers = new WeakMap<Socket, () => void>();

function putIdle(socket: Socket, pool: Pool): void {
  if (socket.destroyed || !socket.writable) return void socket.destroy();
  const drop = () => {
    takeFromIdle(socket);
    const i = pool.idle.indexOf(socket);
    if (i >= 0) pool.idle.splice(i, 1);
    socket.destroy();
  };
  idleHandlers.set(socket, drop);
  socket.on('close', drop);
  socket.on('end', drop);
  socket.on('error', drop);
  socket.on('data', drop);
  socket.on('timeout', drop);
  socket.setTimeout(IDLE_MS);
  socket.unref();
  pool.idle.push(socket);
}

function takeFromIdle(socket: Socket): void {
  const drop = idleHandlers.get(socket);
  if (!drop) return;
  idleHandlers.delete(socket);
  socket.off('close', drop);
  socket.off('end', drop);
  socket.off('error', drop);
  socket.off('data', drop);
  socket.off('timeout', drop);
  socket.setTimeout(0);
}

/** The request line and headers; a name or value that could end the head early is refused, never sent. */
function requestHead(origin: Http1Origin, request: Http1Request): string {
  if (!/^[A-Z]+$/.test(request.method)) throw new TypeError(`Not an HTTP method: ${request.method}`);
  if (!/^\/[\x21-\x7e]*$/.test(request.path)) throw new TypeError('The request path must be encoded ASCII without spaces.');
  let head = `${request.method} ${request.path} HTTP/1.1\r\nhost: ${origin.host}\r\n`;
  for (const name in request.headers) {
    const value = request.headers[name];
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || /[\r\n\0]/.test(value)) throw new TypeError(`Header ${JSON.stringify(name)} cannot be sent.`);
    head += `${name}: ${value}\r\n`;
  }
  if (request.body) head += `content-length: ${request.body.length}\r\n`;
  return `${head}\r\n`;
}

/** The origin of a base URL (http or https), for http1Exchange. */
export function http1Origin(url: URL): Http1Origin {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Not an http(s) URL: ${url.protocol}`);
  const secure = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : secure ? 443 : 80;
  // node:net wants an IPv6 literal without its brackets; the Host header keeps them
  return { secure, hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port, host: url.host };
}
