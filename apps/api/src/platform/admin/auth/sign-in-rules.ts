import { createHash } from 'node:crypto';
import { ApiError, HOUR_MS, MINUTE_MS } from '@lib/common';

/**
 * The sign-in and session rules the console and the partners' portal share: the same lockout, the same
 * expiries, the same hashed cookie tokens.
 */

/** Five wrong passwords in a row lock the account for fifteen minutes. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 15 * MINUTE_MS;
/** A session ends after 30 minutes without a request, and 12 hours after sign-in whatever happens. */
export const SESSION_IDLE_MS = 30 * MINUTE_MS;
export const SESSION_ABSOLUTE_MS = 12 * HOUR_MS;
/** lastSeenAt is written at most once a minute, not on every request. */
export const TOUCH_EVERY_MS = MINUTE_MS;
/** Sign-in attempts per minute from one address (on top of the per-account lockout). */
export const LOGIN_RATE_LIMIT = 20;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const wrongCredentials = () => new ApiError('INVALID_CLIENT', 'Wrong email or password.');
export const sessionExpired = () => new ApiError('UNAUTHENTICATED', 'Your session has ended. Sign in again.');

/** What a wrong password does to an account: the new count, and the lock when it reaches the limit. */
export function failedSignIn(
  account: { failedLogins: number; lockedUntil: Date | null },
  now: Date,
): { failures: number; lockedUntil: Date | null; stored: number } {
  // An expired lock starts a fresh count.
  const failures = (account.lockedUntil ? 0 : account.failedLogins) + 1;
  const locks = failures >= MAX_FAILED_LOGINS;
  return { failures, lockedUntil: locks ? new Date(now.getTime() + LOCKOUT_MS) : null, stored: locks ? 0 : failures };
}

/** Whether a session is still open at `now`: not revoked, not past its end, not idle too long. */
export function sessionLive(session: { revokedAt: Date | null; expiresAt: Date; lastSeenAt: Date }, now: Date): boolean {
  return !session.revokedAt && session.expiresAt > now && now.getTime() - session.lastSeenAt.getTime() < SESSION_IDLE_MS;
}

export function lockedError(until: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new ApiError(
    'RATE_LIMITED',
    `Too many failed sign-ins: this account is locked for ${minutes} more minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'Retry-After': String(seconds) },
    { retry_after_seconds: seconds },
  );
}
