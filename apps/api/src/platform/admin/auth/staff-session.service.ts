import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiError, Clock } from '@lib/common';
import { isStaffRole } from '@lib/common/permissions';
import { PrismaService } from '@lib/db';
import { decoyHash, verifySecret } from '../../clients/secret-hasher';
import { AuditTrail } from '../audit/audit-trail';
import { normaliseEmail, StaffUser } from '../staff/staff.service';
import { Staff } from './staff-request';
import { failedSignIn, hashToken, lockedError, SESSION_ABSOLUTE_MS, sessionLive, TOUCH_EVERY_MS, wrongCredentials } from './sign-in-rules';

export { sessionExpired } from './sign-in-rules';

@Injectable()
export class StaffSessionService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  /** Checks the password (with lockout) and opens a session; returns the cookie token, shown once. */
  async login(emailInput: string, password: string, requestId: string): Promise<{ token: string; staff: StaffUser }> {
    const email = normaliseEmail(emailInput);
    const user = await this.prisma.staffUser.findUnique({ where: { email } });
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
        await tx.staffUser.update({ where: { id: user.id }, data: { failedLogins: stored, lockedUntil } });
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
      await tx.staffUser.update({ where: { id: user.id }, data: { failedLogins: 0, lockedUntil: null, lastLoginAt: now } });
      const session = await tx.staffSession.create({
        data: {
          id: randomUUID(),
          staffId: user.id,
          tokenHash: hashToken(token),
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
        },
      });
      return { result: session, audit: { action: 'auth.login', resource: 'staff', resourceId: user.id } };
    });
    return { token, staff: user };
  }

  /** The staff member of a live session, or null (unknown, revoked, idle too long, past its end, or deactivated). */
  async resolve(token: string): Promise<Staff | null> {
    const session = await this.prisma.staffSession.findUnique({ where: { tokenHash: hashToken(token) }, include: { staff: true } });
    const now = this.clock.now();
    if (!session || !sessionLive(session, now)) return null;
    const { staff } = session;
    if (!staff.active || !isStaffRole(staff.role)) return null;
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await this.prisma.staffSession.update({ where: { id: session.id }, data: { lastSeenAt: now } });
    }
    return { id: staff.id, email: staff.email, name: staff.name, role: staff.role, sessionId: session.id };
  }

  async logout(staff: Staff, requestId: string): Promise<void> {
    await this.audit.run({ staffId: staff.id, email: staff.email, role: staff.role, requestId }, async (tx) => {
      await tx.staffSession.update({ where: { id: staff.sessionId }, data: { revokedAt: this.clock.now() } });
      return { result: undefined, audit: { action: 'auth.logout', resource: 'staff', resourceId: staff.id } };
    });
  }
}
