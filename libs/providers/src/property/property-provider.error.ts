/** Same failure kinds as the motor port, so callers map them the same way (502 for the first three). */
export type PropertyProviderFailure = 'timeout' | 'unavailable' | 'bad_response' | 'rejected' | 'not_found';

export class PropertyProviderError extends Error {
  override readonly name = 'PropertyProviderError';

  constructor(
    readonly failure: PropertyProviderFailure,
    message: string,
    readonly details?: Record<string, string[]>,
    readonly status?: number,
  ) {
    super(message);
  }
}
