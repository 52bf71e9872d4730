import { applyDecorators, SetMetadata } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';

/**
 * The spec's rate-limit table (requests per minute), keyed "METHOD path" as the spec writes it.
 * Routes bind to a row with @RateLimit('GET /payments'); routes without a row get the default
 * (RATE_LIMIT_DEFAULT_PER_MINUTE, 60). Limits are counted per client and per route.
 */
export const SPEC_RATE_LIMITS = {
  'POST /oauth/token': 10,
  'GET /payments': 120,
  'GET /car/policies': 120,
  'POST /car/policies': 30,
  'POST /car/policies/{carPolicy}/cancellation': 30,
  'POST /car/policies/{policy}/claims': 30,
  'GET /car/policies/{policy}/claims/{claim}': 120,
  'GET /medical/companies': 120,
  'POST /medical/companies': 60,
  'POST /medical/companies/{company}/policy-cancellation': 30,
  'PUT /medical/companies/{company}/employees': 60,
  'POST /medical/request-policies': 30,
  'POST /medical/policies/{policy}/claims': 30,
  'GET /medical/policies/{policy}/claims/{claim}': 120,
  'POST /medical/medical-forms/fill': 60,
  'GET /medical/medical-forms': 120,
  'GET /medical/medical-forms/download': 120,
  'POST /medical/policies/{policy}/deletion': 30,
  'GET /medical/policies': 120,
  'GET /medical/products/categories': 120,
  'GET /medical/payment-link': 120,
  'GET /medical/payment-due': 120,
} as const;

export type SpecRateLimit = keyof typeof SPEC_RATE_LIMITS;

export const RATE_LIMIT_WINDOW_MS = 60_000;
export const SPEC_RATE_LIMIT_KEY = 'spec-rate-limit';

/** Binds a route to a row of the spec's table. */
export function RateLimit(row: SpecRateLimit) {
  return applyDecorators(SetMetadata(SPEC_RATE_LIMIT_KEY, row), Throttle({ default: { limit: SPEC_RATE_LIMITS[row], ttl: RATE_LIMIT_WINDOW_MS } }));
}
