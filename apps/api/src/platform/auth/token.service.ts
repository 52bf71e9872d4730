import { createSecretKey, KeyObject, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { ApiError, Clock, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';

export const JWT_SECRET = Symbol('JWT_SECRET');

export interface AccessClaims {
  sub: string;
  /** The client's token version when the token was issued; a rotation or deactivation moves it on and so revokes the token. */
  sv: number;
}

const AUDIENCE = 'partner-api';
const ISSUER = 'embedded-insurance';

/**
 * The claims a token must carry, of the right types. Only this service signs tokens, but a token signed with a
 * leaked or reused key, or by an older version, must still be a 401, never reach the database as a `sub` that
 * is not a UUID (a 500 before).
 */
const claimsSchema = z.object({
  sub: z.guid(),
  sv: z.int().min(0),
  exp: z.int(),
  nbf: z.int().optional(),
  iat: z.int().optional(),
});

/** Verified tokens remembered at most (the memory is cleared when full). */
const MAX_VERIFIED = 10_000;

/** HS256 JWT access tokens. Verification pins the algorithm, so `alg: none` and RS/HS confusion fail. */
@Injectable()
export class TokenService {
  /**
   * The HMAC key as a KeyObject, made once: given a string, jsonwebtoken first tries to parse it as a
   * public key on every call, which cost more CPU than the rest of an authenticated read.
   */
  private readonly key: KeyObject;
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number; nbf: number }>();

  constructor(
    @Inject(JWT_SECRET) secret: string,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  issue(clientId: string, tokenVersion: number): { access_token: string; token_type: 'Bearer'; expires_in: number } {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const expiresIn = this.config.tokenTtlSeconds;
    const token = jwt.sign({ sub: clientId, sv: tokenVersion, iat, exp: iat + expiresIn, jti: randomUUID() }, this.key, {
      algorithm: 'HS256',
      audience: AUDIENCE,
      issuer: ISSUER,
    });
    return { access_token: token, token_type: 'Bearer', expires_in: expiresIn };
  }

  /**
   * The claims of a valid token: a token seen before is not checked again (same string, same key, same
   * answer), only its expiry against the clock; revocation is the guard's check on the client.
   */
  verify(token: string): AccessClaims {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const known = this.verified.get(token);
    if (known && now < known.exp && now >= known.nbf) return known.claims;
    const { claims, exp, nbf } = this.verifyFully(token);
    if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
    this.verified.set(token, { claims, exp, nbf });
    return claims;
  }

  private verifyFully(token: string): { claims: AccessClaims; exp: number; nbf: number } {
    let payload: jwt.JwtPayload | string;
    try {
      payload = jwt.verify(token, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: ISSUER,
        clockTimestamp: Math.floor(this.clock.now().getTime() / 1000),
      });
    } catch (e) {
      if (e instanceof jwt.TokenExpiredError) throw bearerError('TOKEN_EXPIRED');
      throw bearerError('UNAUTHENTICATED', 'The access token is invalid.');
    }
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) throw bearerError('UNAUTHENTICATED', 'The access token is invalid.');
    const { sub, sv, exp, nbf } = claims.data;
    return { claims: { sub, sv }, exp, nbf: nbf ?? 0 };
  }
}

/** 401 with the RFC 6750 challenge. */
export function bearerError(kind: 'UNAUTHENTICATED' | 'TOKEN_EXPIRED' | 'TOKEN_REVOKED', message?: string): ApiError {
  const challenge = kind === 'UNAUTHENTICATED' && !message ? 'Bearer realm="partner-api"' : 'Bearer realm="partner-api", error="invalid_token"';
  return new ApiError(kind, message, undefined, { 'WWW-Authenticate': challenge });
}
