import { ApiError } from '@lib/common';
import { PropertyProviderError } from '@lib/providers';

/** An insurer that times out, fails or answers out of contract is the spec's 502; anything else is our bug. */
export function providerFailure(err: unknown, what: string): ApiError {
  if (err instanceof PropertyProviderError) {
    return new ApiError('PROVIDER_FAILED', `${what} failed to respond properly (${err.failure}).`);
  }
  throw err;
}
