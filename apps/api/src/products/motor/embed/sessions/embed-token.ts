import { createHash, createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JWT_SECRET } from '../../../../platform/auth/token.service';

/**
 * The capability in an embed URL. It is an HMAC of the session's random id under a key derived from the
 * server secret, so it cannot be guessed or derived from anything the database holds, and the database
 * keeps only its SHA-256 for the lookup. Keyed rather than stored, so GET /embed-sessions/{id} can
 * hand the same URL back without the token ever being written down.
 */
@Injectable()
export class EmbedTokens {
  private readonly key: Buffer;

  constructor(@Inject(JWT_SECRET) serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('embed-session-tokens').digest();
  }

  tokenFor(sessionId: string): string {
    return createHmac('sha256', this.key).update(sessionId).digest('base64url');
  }

  hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}

/** 43 base64url characters: the shape of a token, checked before any lookup. */
export const EMBED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
