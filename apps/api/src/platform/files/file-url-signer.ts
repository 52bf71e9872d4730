import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { RealClock } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { JWT_SECRET } from '../auth/token.service';

/** How far a signed URL's `expires` may run past FILE_URL_TTL_SECONDS: the clocks of two API instances may differ this much. */
const CLOCK_SKEW_S = 30;

/**
 * Expiring signed URLs for the few files a third party must fetch without our credentials (an insurer
 * downloading vehicle photos): `?expires=<unix seconds>&signature=<HMAC-SHA256(name:expires), hex>`.
 * The key is FILE_URL_SECRET, or derived from the JWT secret so a signed URL never doubles as a token.
 */
@Injectable()
export class FileUrlSigner {
  private readonly key: Buffer;

  constructor(
    private readonly clock: RealClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JWT_SECRET) jwtSecret: string,
  ) {
    this.key = config.fileUrls.secret ? Buffer.from(config.fileUrls.secret) : createHmac('sha256', jwtSecret).update('stored-file-urls').digest();
  }

  /** The URL with a signature that works for FILE_URL_TTL_SECONDS from now. */
  sign(url: string): string {
    const { pathname } = new URL(url);
    const name = pathname.slice(pathname.lastIndexOf('/') + 1);
    const expires = Math.floor(this.clock.now().getTime() / 1000) + this.config.fileUrls.ttlSeconds;
    return `${url}?expires=${expires}&signature=${this.mac(name, expires)}`;
  }

  /**
   * True when the signature is ours for this file name, has not expired, and expires no later than a URL
   * signed now would: a URL signed for longer (under an older, longer TTL, or by a leaked key) is refused.
   */
  holds(name: string, expires: unknown, signature: unknown): boolean {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
    const nowS = this.clock.now().getTime() / 1000;
    if (Number(expires) <= nowS || Number(expires) > nowS + this.config.fileUrls.ttlSeconds + CLOCK_SKEW_S) return false;
    return timingSafeEqual(Buffer.from(this.mac(name, Number(expires)), 'hex'), Buffer.from(signature, 'hex'));
  }

  private mac(name: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${name}:${expires}`).digest('hex');
  }
}

/** A file URL of ours without its signature (what is stored and shown to partners). */
export function unsigned(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}
