/**
 * timeout: no answer in time. unavailable: the insurer could not be reached or failed (5xx).
 * bad_response: it answered something that breaks the contract. rejected: it refused the input (4xx),
 * with `details` naming the fields. not_found: unknown insurer or resource.
 */
export type MotorProviderFailure = 'timeout' | 'unavailable' | 'bad_response' | 'rejected' | 'not_found';

export class MotorProviderError extends Error {
  override readonly name = 'MotorProviderError';

  constructor(
    readonly failure: MotorProviderFailure,
    message: string,
    readonly details?: Record<string, string[]>,
    readonly status?: number,
  ) {
    super(message);
  }
}

export function isMotorProviderError(err: unknown): err is MotorProviderError {
  return err instanceof MotorProviderError;
}
