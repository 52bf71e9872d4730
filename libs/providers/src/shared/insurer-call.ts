import type { ZodType } from 'zod';
import { callContract } from './contract-call';

/** Why a call to a single-provider insurer (life, horse) failed: as for motor, minus not_found subtleties. */
export type InsurerCallFailure = 'timeout' | 'unavailable' | 'bad_response' | 'rejected';

export class InsurerCallError extends Error {
  override readonly name = 'InsurerCallError';

  constructor(
    readonly failure: InsurerCallFailure,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export function isInsurerCallError(err: unknown): err is InsurerCallError {
  return err instanceof InsurerCallError;
}

/** One JSON call to the sandbox insurers with a timeout; every answer is checked against the contract. */
export function insurerCall<T>(baseUrl: string, method: string, path: string, body: unknown, schema: ZodType<T>, timeoutMs: number): Promise<T> {
  return callContract(
    { baseUrl, method, path, body, schema, timeoutMs },
    (failure, message, details) =>
      // A 404 here is an insurer refusing the request, like any other 4xx.
      new InsurerCallError(failure === 'not_found' ? 'rejected' : failure, message, failure === 'bad_response' ? undefined : details),
  );
}
