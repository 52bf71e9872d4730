import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { RATE_LIMIT_WINDOW_MS, rateLimited, SPEC_RATE_LIMITS, WindowCounter } from '@lib/http';
import { WINDOW_COUNTER } from '../../core.module';

/** The spec's row: tokens one client may obtain per minute. */
export const TOKENS_PER_CLIENT = SPEC_RATE_LIMITS['POST /oauth/token'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The token endpoint's limits, in the shared one-minute windows:
 *
 * - failed attempts (wrong secret, unknown client id) per source address, across every client id: past
 *   OAUTH_FAILED_ATTEMPTS_PER_ADDRESS the address gets 429 for the rest of the minute before any secret is
 *   checked, so guessing, across one client id or many, is limited where it comes from;
 * - tokens granted per client (the spec's 10 a minute): only successes count, and only the holder of the secret
 *   can succeed, so nobody else's failures, from any address, can lock the genuine client out.
 *
 * Malformed requests (400) count as neither. Behind a reverse proxy set TRUST_PROXY, or every caller shares the
 * proxy's address.
 */
@Injectable()
export class TokenAttempts {
  constructor(
    @Inject(WINDOW_COUNTER) private readonly windows: WindowCounter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Refuses (429) an address that used up its failures this minute. */
  async admitAddress(address: string): Promise<void> {
    const limit = this.config.oauthFailedAttemptsPerAddress;
    const { hits, secondsLeft } = await this.windows.peek(addressKey(address), RATE_LIMIT_WINDOW_MS);
    if (hits >= limit) {
      throw rateLimited(
        secondsLeft,
        limit,
        `Too many failed token requests from this address. Try again in ${secondsLeft} second${secondsLeft === 1 ? '' : 's'}.`,
      );
    }
  }

  /** Refuses (429) a client that already obtained its tokens this minute. */
  async admitClient(clientId: string): Promise<void> {
    if (!UUID.test(clientId)) return;
    const { hits, secondsLeft } = await this.windows.peek(clientKey(clientId), RATE_LIMIT_WINDOW_MS);
    if (hits >= TOKENS_PER_CLIENT) throw rateLimited(secondsLeft, TOKENS_PER_CLIENT);
  }

  async failed(address: string): Promise<void> {
    await this.windows.add(addressKey(address), RATE_LIMIT_WINDOW_MS);
  }

  /** Counts a granted token; answers the client's `RateLimit-*` headers. */
  async granted(clientId: string): Promise<Record<string, string>> {
    const { hits, secondsLeft } = await this.windows.add(clientKey(clientId), RATE_LIMIT_WINDOW_MS);
    return {
      'RateLimit-Limit': String(TOKENS_PER_CLIENT),
      'RateLimit-Remaining': String(Math.max(0, TOKENS_PER_CLIENT - hits)),
      'RateLimit-Reset': String(secondsLeft),
    };
  }
}

function addressKey(address: string): string {
  return `oauth-failed:${address}`;
}

function clientKey(clientId: string): string {
  return `oauth-granted:${clientId.toLowerCase()}`;
}
