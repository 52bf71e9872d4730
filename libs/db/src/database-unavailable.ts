/**
 * Whether an error means the database could not be reached or dropped the connection (a restart, a failover,
 * a network cut), as opposed to a fault of the statement: such a request is worth retrying once the database
 * is back, and is answered 503 with Retry-After, never 500.
 *
 * The same failure arrives in several wrappings: the pg driver's own errors (node socket errors, the server's
 * SQLSTATE in `code`, pg's "Connection terminated ..." messages), Prisma's pg adapter's translation of them
 * (`kind` DatabaseNotReachable / ConnectionClosed / SocketTimeout, or `originalCode` for a SQLSTATE it does not
 * name), and the Prisma client's errors around that (P1001, P1002, P1008, P1017, or `meta.driverAdapterError`).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return walk(err, 0, unavailable);
}

/**
 * Whether the pool gave up waiting for a connection (every one busy, or the server slow to accept): overload,
 * answered like a transaction that found no connection in time (DatabaseBusyError).
 */
export function isPoolTimeout(err: unknown): boolean {
  return walk(err, 0, (e) => e.message === 'timeout exceeded when trying to connect');
}

/** Node's socket failures: the server is not listening, went away, or the network cut the connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
/**
 * The server's own words: 08xxx connection exceptions, 57P01 admin shutdown, 57P02 crash shutdown,
 * 57P03 cannot connect now (starting up or shutting down), 53300 too many connections.
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** Prisma's connection errors: cannot reach, timed out reaching, operation timed out, server closed the connection. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017']);
/** Prisma's pg adapter's names for the socket failures above. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** pg's errors without a code: the socket ended under a query or while connecting, a broken client reused. */
const PG_MESSAGES =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/;

interface ErrorLike {
  code?: unknown;
  originalCode?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  meta?: { driverAdapterError?: unknown };
}

function unavailable(e: ErrorLike): boolean {
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || SQLSTATE.test(e.code) || PRISMA_CODES.has(e.code))) return true;
  if (typeof e.originalCode === 'string' && SQLSTATE.test(e.originalCode)) return true;
  if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
  return typeof e.message === 'string' && PG_MESSAGES.test(e.message);
}

/** `test` on the error and on what it wraps (cause, a driver adapter error, an AggregateError's errors). */
function walk(err: unknown, depth: number, test: (e: ErrorLike) => boolean): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as ErrorLike;
  if (test(e)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => walk(x, depth + 1, test))) return true;
  return walk(e.cause, depth + 1, test) || walk(e.meta?.driverAdapterError, depth + 1, test);
}
