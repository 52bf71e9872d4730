/**
 * Stable error codes: the HTTP status followed by a two-digit case number.
 * Clients may branch on `code`; messages are for people and may change.
 * Codes shared with the real service keep its numbers (40101, 40301, 40401, 42201, 42901, 50001).
 */
export const ErrorCodes = {
  MALFORMED_REQUEST: { code: '40000', status: 400, message: 'The request is malformed.' },
  ALREADY_CANCELED: { code: '40010', status: 400, message: 'Policy is already canceled.' },
  /** The real service's errors page numbers it 40019 (its property reference writes 40001, which is also "no OTP"). */
  INVALID_SHORT_ADDRESS: { code: '40019', status: 400, message: 'Invalid short address' },
  /** The real service's declaration routes: an id or email that is no employee of the company. */
  NO_MATCHING_EMPLOYEE: { code: '40022', status: 400, message: 'No employee of this company matches.' },
  TRAVEL_DOCUMENTS_UPLOADED: { code: '40018', status: 400, message: 'Documents already uploaded' },
  OAUTH_INVALID_REQUEST: { code: '40030', status: 400, message: 'The token request is missing a parameter or is malformed.' },
  OAUTH_UNSUPPORTED_GRANT: { code: '40031', status: 400, message: 'Only the client_credentials grant is supported.' },
  UNAUTHENTICATED: { code: '40101', status: 401, message: 'Unauthenticated.' },
  INVALID_CLIENT: { code: '40102', status: 401, message: 'Wrong credentials.' },
  TOKEN_REVOKED: { code: '40103', status: 401, message: 'The access token has been revoked.' },
  TOKEN_EXPIRED: { code: '40104', status: 401, message: 'The access token has expired.' },
  PRODUCT_NOT_ENROLLED: { code: '40301', status: 403, message: 'The client is not enrolled in this product.' },
  FORBIDDEN: { code: '40302', status: 403, message: 'Not allowed.' },
  NOT_FOUND: { code: '40401', status: 404, message: 'Not found.' },
  ROUTE_NOT_FOUND: { code: '40402', status: 404, message: 'No such endpoint.' },
  METHOD_NOT_ALLOWED: { code: '40501', status: 405, message: 'Method not allowed for this endpoint.' },
  IDEMPOTENCY_IN_PROGRESS: { code: '40901', status: 409, message: 'A request with this Idempotency-Key is still being processed.' },
  CONFLICT: { code: '40902', status: 409, message: 'The request conflicts with the current state of the resource.' },
  EMBED_SESSION_EXPIRED: { code: '41001', status: 410, message: 'This embed session has expired; the partner opens a new one.' },
  PAYLOAD_TOO_LARGE: { code: '41301', status: 413, message: 'The request body is too large.' },
  URI_TOO_LONG: { code: '41401', status: 414, message: 'A part of the URL is longer than the service accepts.' },
  UNSUPPORTED_MEDIA_TYPE: { code: '41501', status: 415, message: 'Unsupported content type.' },
  VALIDATION_FAILED: { code: '42201', status: 422, message: 'The given data was invalid.' },
  IDEMPOTENCY_KEY_REUSED: { code: '42202', status: 422, message: 'This Idempotency-Key was already used with a different request.' },
  RATE_LIMITED: { code: '42901', status: 429, message: 'Too many requests.' },
  INTERNAL: { code: '50001', status: 500, message: 'Something went wrong on our side.' },
  PROVIDER_FAILED: { code: '50201', status: 502, message: 'An insurance provider failed to respond properly.' },
  NOT_READY: { code: '50301', status: 503, message: 'The service is not ready or too busy; retry shortly.' },
} as const satisfies Record<string, { code: string; status: number; message: string }>;

export type ErrorCodeName = keyof typeof ErrorCodes;
