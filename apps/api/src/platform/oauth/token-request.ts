import { ApiError } from '@lib/common';

export interface TokenRequest {
  clientId: string;
  clientSecret: string;
  viaBasic: boolean;
}

export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type';

const KINDS = {
  invalid_request: 'OAUTH_INVALID_REQUEST',
  invalid_client: 'INVALID_CLIENT',
  unsupported_grant_type: 'OAUTH_UNSUPPORTED_GRANT',
} as const;

/** RFC 6749 §5.2 error: `error` and `error_description` beside the service's `code` and `message`. */
export function oauthError(error: OAuthErrorCode, description: string, viaBasic = false): ApiError {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
  if (error === 'invalid_client') headers['WWW-Authenticate'] = viaBasic ? 'Basic realm="oauth"' : 'Bearer realm="oauth"';
  return new ApiError(KINDS[error], description, undefined, headers, { error, error_description: description });
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/**
 * Reads a client-credentials request (RFC 6749 §4.4): the grant type and the client's credentials,
 * from the body (JSON or form) or from HTTP Basic (§2.3.1, components form-urlencoded). Exactly one way.
 */
export function readTokenRequest(authorization: string | undefined, body: unknown): TokenRequest {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const grant = b.grant_type ?? 'client_credentials';
  if (typeof grant !== 'string') throw oauthError('invalid_request', 'grant_type must be a string.');
  if (grant !== 'client_credentials') throw oauthError('unsupported_grant_type', `The grant type "${grant}" is not supported; use client_credentials.`);

  const basic = authorization && /^Basic\s+/i.test(authorization) ? parseBasic(authorization) : undefined;
  const inBody = b.client_id !== undefined || b.client_secret !== undefined;
  if (basic && inBody) throw oauthError('invalid_request', 'Send the client credentials either in the Authorization header or in the body, not both.');
  if (basic) return { ...basic, viaBasic: true };

  const clientId = str(b.client_id);
  const clientSecret = str(b.client_secret);
  if (!clientId || !clientSecret) {
    const missing = [!clientId && 'client_id', !clientSecret && 'client_secret'].filter(Boolean).join(' and ');
    throw oauthError('invalid_request', `The ${missing} parameter${missing.includes(' and ') ? 's are' : ' is'} required.`);
  }
  return { clientId, clientSecret, viaBasic: false };
}

function parseBasic(header: string): { clientId: string; clientSecret: string } {
  const decoded = Buffer.from(header.replace(/^Basic\s+/i, '').trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw oauthError('invalid_client', 'Malformed HTTP Basic credentials.', true);
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    throw oauthError('invalid_client', 'Malformed HTTP Basic credentials.', true);
  }
}
