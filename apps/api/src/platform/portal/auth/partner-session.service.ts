import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiError, Clock } from '@lib/common';
import { isPartnerRole } from '@lib/common/permissions';
import { decoyHash, verifySecret } from '../../clients/secret-hasher';
import { AuditTrail } from '../../admin/audit/audit-trail';
import { failedSignIn, hashToken, lockedError, SESSION_ABSOLUTE_MS, sessionLive, TOUCH_EVERY_MS, wrongCredentials } from '../../admin/auth/sign-in-rules';
import { normaliseEmail } from '../../admin/staff/staff.service';
import { PartnerUser, PartnerUsersRepository } from '../users/partner-users.repository';
import { partnerActor, PartnerUserPrincipal } from './partner-request';
import { PartnerSessionsRepository } from './partner-sessions.repository';

/**
 * Portal sign-in and sessions, by the console's rules (sign-in-rules.ts): the same lockout, idle and absolute
 * expiry, and hashed cookie tokens, kept in a table of their own so a staff session never opens the portal and a
 * portal session never opens the console.
 */
@Injectable()
export class PartnerSessionService {
  constructor(
    private readonly users: PartnerUsersRepository,
    private readonly sessions: PartnerSessionsRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  /** Checks the password (with lockout) and opens a session; returns the cookie token, shown once. */
  async login(emailInput: string, password: string, requestId: string): Promise<{ token: string; user: PartnerUser }> {
    const user = await this.users.findByEmail(normaliseEmail(emailInput));
    // Invited but without a password yet: answered as an unknown email, at the same cost.
    if (!user?.passwordHash) {
      await verifySecret(await decoyHash(), password);
      throw wrongCredentials();
    }
    const now = this.clock.now();
    if (user.lockedUntil && user.lockedUntil > now) throw lockedError(user.lockedUntil, now);

    const ok = await verifySecret(user.passwordHash, password);
    const actor = partnerActor(user, requestId);
    if (!ok) {
      const { failures, lockedUntil, stored } = failedSignIn(user, now);
      await this.audit.run(actor, async (tx) => {
        await this.users.recordFailedLogin(tx, user.id, stored, lockedUntil);
        return {
          result: undefined,
          audit: {
            action: lockedUntil ? 'portal.locked' : 'portal.login_failed',
            resource: 'partner-users',
            resourceId: user.id,
            after: { failed_logins: failures },
          },
        };
      });
      if (lockedUntil) throw lockedError(lockedUntil, now);
      throw wrongCredentials();
    }
    if (!user.active || !isPartnerRole(user.role)) throw new ApiError('UNAUTHENTICATED', 'This account is no longer part of the partner.');

    const token = randomBytes(32).toString('base64url');
    const signedIn = await this.audit.run(actor, async (tx) => {
      const after = await this.users.recordLogin(tx, user.id, now);
      await this.sessions.create(
        tx,
        { id: randomUUID(), partnerUserId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS) },
        now,
      );
      return { result: after, audit: { action: 'portal.login', resource: 'partner-users', resourceId: user.id } };
    });
    return { token, user: signedIn };
  }

  /** The partner user of a live session, or null (unknown, revoked, idle too long, past its end, or removed). */
  async resolve(token: string): Promise<PartnerUserPrincipal | null> {
    const session = await this.sessions.findByTokenHash(hashToken(token));
    const now = this.clock.now();
    if (!session || !sessionLive(session, now)) return null;
    const { user } = session;
    if (!user.active || !user.passwordHash || !isPartnerRole(user.role)) return null;
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await this.sessions.touch(session.id, now);
    return { id: user.id, clientId: user.clientId, email: user.email, role: user.role, sessionId: session.id };
  }

  async logout(user: PartnerUserPrincipal, requestId: string): Promise<void> {
    await this.audit.run(partnerActor(user, requestId), async (tx) => {
      await this.sessions.revoke(tx, user.sessionId, this.clock.now());
      return { result: undefined, audit: { action: 'portal.logout', resource: 'partner-users', resourceId: user.id } };
    });
  }
}
