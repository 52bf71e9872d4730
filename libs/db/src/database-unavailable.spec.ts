import { DatabaseError } from 'pg-protocol/dist/messages';
import { isDatabaseUnavailable, isPoolTimeout } from './database-unavailable';

/** pg's error for a server's ErrorResponse, as the driver builds it. */
function serverError(code: string, message: string): DatabaseError {
  const e = new DatabaseError(message, 0, 'error');
  e.code = code;
  e.severity = 'FATAL';
  return e;
}

function socketError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect', address: '127.0.0.1', port: 5432 });
}

describe('isDatabaseUnavailable', () => {
  it("recognises the pg driver's own errors for a database that is down, restarting or cut off", () => {
    expect(isDatabaseUnavailable(socketError('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(socketError('ECONNRESET'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable(serverError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(serverError('57P03', 'the database system is shutting down'))).toBe(true);
    expect(isDatabaseUnavailable(serverError('08006', 'connection failure'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it("recognises them as Prisma's pg adapter and client wrap them", () => {
    // DriverAdapterError's cause, then the client's known request error carrying it
    expect(isDatabaseUnavailable({ name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 } })).toBe(true);
    expect(isDatabaseUnavailable({ name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } })).toBe(true);
    const postgres = { kind: 'postgres', code: '57P03', originalCode: '57P03', severity: 'FATAL', message: 'the database system is shutting down' };
    expect(isDatabaseUnavailable({ code: 'P2039', meta: { driverAdapterError: { name: 'DriverAdapterError', cause: postgres } } })).toBe(true);
    expect(isDatabaseUnavailable({ code: 'P1001', message: "Can't reach database server" })).toBe(true);
    expect(isDatabaseUnavailable({ code: 'P1017', message: 'Server has closed the connection.' })).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: socketError('ECONNREFUSED') }))).toBe(true);
  });

  it("tells the pool's wait for a connection (overload) from an unreachable database", () => {
    expect(isPoolTimeout(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isPoolTimeout(new Error('wrapped', { cause: new Error('timeout exceeded when trying to connect') }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(false);
    expect(isPoolTimeout(socketError('ECONNREFUSED'))).toBe(false);
  });

  it("leaves a statement's own faults alone (they are the service's 500 or the request's 4xx)", () => {
    expect(isDatabaseUnavailable(serverError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(serverError('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable({ code: 'P2002' })).toBe(false);
    expect(isDatabaseUnavailable({ code: 'P2039', meta: { driverAdapterError: { cause: { kind: 'postgres', originalCode: '22P02' } } } })).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
