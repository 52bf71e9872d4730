import { DatabaseBusyError, Prisma } from '@lib/db';
import { toApiError } from './error-response';

describe('toApiError', () => {
  const prismaError = (code: string) => new Prisma.PrismaClientKnownRequestError('x', { code, clientVersion: '7' });

  it('answers database overload (no connection or transaction slot in time) with a retryable 503, not a 500', () => {
    for (const code of ['P2024', 'P2028']) {
      const e = toApiError(prismaError(code));
      expect(e.status).toBe(503);
      expect(e.headers['Retry-After']).toBe('1');
    }
    expect(toApiError(new DatabaseBusyError()).status).toBe(503);
  });

  it('maps unique violations to 409 and missing rows to 404, anything else to a bare 500', () => {
    expect(toApiError(prismaError('P2002')).status).toBe(409);
    expect(toApiError(prismaError('P2025')).status).toBe(404);
    expect(toApiError(new Error('boom')).status).toBe(500);
  });
});

describe('toApiError for a database that cannot be reached', () => {
  it('answers 503 (50301) with Retry-After, like the Redis outage, whatever wraps the failure', () => {
    const cases: unknown[] = [
      new Prisma.PrismaClientKnownRequestError("Can't reach database server", { code: 'P1001', clientVersion: '7' }),
      new Prisma.PrismaClientKnownRequestError('Server has closed the connection.', { code: 'P1017', clientVersion: '7' }),
      new Prisma.PrismaClientKnownRequestError('Database error', {
        code: 'P2039',
        clientVersion: '7',
        meta: { driverAdapterError: { cause: { kind: 'postgres', originalCode: '57P01' } } },
      }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect', errno: -111 }),
      new Error('Connection terminated unexpectedly'),
    ];
    for (const err of cases) {
      const e = toApiError(err);
      expect([e.status, e.code, e.headers['Retry-After']]).toEqual([503, '50301', '5']);
    }
  });
});
