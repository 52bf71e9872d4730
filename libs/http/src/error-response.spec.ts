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
