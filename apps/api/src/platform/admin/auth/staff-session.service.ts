import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiError, Clock } from '@lib/common';
import { isStaffRole } from '@lib/common/permissions';
import { decoyHash, verifySecret } from '../../clients/secret-hasher';
import { AuditTrail } from '../audit/audit-trail';
import { normaliseEmail, StaffUser } from '../staff/staff.service';
import { StaffUserRepository } from '../staff/staff-user.repository';
import { StaffSessionRepository } from './staff-session.repository';
import { Staff } from './staff-request';
import { failedSignIn, hashToken, lockedError, SESSION_ABSOLUTE_MS, sessionLive, TOUCH_EVERY_MS, wrongCredentials } from './sign-in-rules';

export { sessionExpired } from './sign-in-rules';

@Injectable()
export class StaffSessionService {
  constructor(
    private readonly staff: StaffUserRepository,
    private readonly sessions: StaffSessionRepository,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  /** Checks the password (with lockout) and opens a session; returns the cookie token, shown once. */
  async login(emailInput: string, password: string, requestId: string): Promise<{ token: string; staff: StaffUser }> {
    const email = normaliseEmail(emailInput);
    const user = await this.staff.findByEmail(email);
    if (!user) {
      await verifySecret(await decoyHash(), password);
      throw wrongCredentials();
    }
    const now = this.clock.now();
    if (user.lockedUntil && user.lockedUntil > now) throw lockedError(user.lockedUntil, now);

    const ok = await verifySecret(user.passwordHash, password);
    const actor = { staffId: user.id, email: user.email, role: user.role, requestId };
    if (!ok) {
      const { failures, lockedUntil, stored } = failedSignIn(user, now);
      await this.audit.run(actor, async (tx) => {
        await this.staff.recordFailedSignIn(tx, user.id, stored, lockedUntil);
        return {
          result: undefined,
          audit: { action: lockedUntil ? 'auth.locked' : 'auth.login_failed', resource: 'staff', resourceId: user.id, after: { failed_logins: failures } },
        };
      });
      if (lockedUntil) throw lockedError(lockedUntil, now);
      throw wrongCredentials();
    }
    if (!user.active || !isStaffRole(user.role)) throw new ApiError('UNAUTHENTICATED', 'This account is deactivated.');

    const token = randomBytes(32).toString('base64url');
    await this.audit.run(actor, async (tx) => {
      await this.staff.recordSignIn(tx, user.id, now);
      const session = await this.sessions.open(tx, {
        id: randomUUID(),
        staffId: user.id,
        tokenHash: hashToken(token),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      });
      return { result: session, audit: { action: 'auth.login', resource: 'staff', resourceId: user.id } };
    });
    return { token, staff: user };
  }

  /** The staff member of a live session, or null (unknown, revoked, idle too long, past its end, or deactivated). */
  async resolve(token: string): Promise<Staff | null> {
    const session = await this.sessions.byTokenHash(hashToken(token));
    const now = this.clock.now();
    if (!session || !sessionLive(session, now)) return null;
    const { staff } = session;
    if (!staff.active || !isStaffRole(staff.role)) return null;
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await this.sessions.touch(session.id, now);
    }
    return { id: staff.id, email: staff.email, name: staff.name, role: staff.role, sessionId: session.id };
  }

  async logout(staff: Staff, requestId: string): Promise<void> {
    await this.audit.run({ staffId: staff.id, email: staff.email, role: staff.role, requestId }, async (tx) => {
      await this.sessions.revoke(tx, staff.sessionId, this.clock.now());
      return { result: undefined, audit: { action: 'auth.logout', resource: 'staff', resourceId: staff.id } };
    });
  }
}
