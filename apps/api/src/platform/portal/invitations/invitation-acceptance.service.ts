import { Injectable } from '@nestjs/common';
import { ApiError, Clock } from '@lib/common';
import { hashSecret } from '../../clients/secret-hasher';
import { AuditTrail } from '../../admin/audit/audit-trail';
import { hashToken } from '../../admin/auth/sign-in-rules';
import { checkPassword } from '../../admin/staff/staff.service';
import { PartnerSessionsRepository } from '../auth/partner-sessions.repository';
import { partnerActor } from '../auth/partner-request';
import { partnerUserSummary } from '../users/partner-user.presenter';
import { PartnerUsersRepository } from '../users/partner-users.repository';
import { InvitationWithUser, PartnerInvitationsRepository } from './partner-invitations.repository';

const invalidLink = () =>
  ApiError.notFound('This invitation link is not valid any more: it was used, replaced by a newer one, or it expired. Ask for a new invitation.');

/** The invitee's side of an invitation: see whose it is, then choose a password with it, once. */
@Injectable()
export class InvitationAcceptanceService {
  constructor(
    private readonly invitations: PartnerInvitationsRepository,
    private readonly users: PartnerUsersRepository,
    private readonly sessions: PartnerSessionsRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  /** The open invitation of a link's token, or 404 (unknown, used, replaced, expired, or its user removed). */
  async describe(token: string): Promise<InvitationWithUser> {
    const invitation = await this.invitations.findByTokenHash(hashToken(token));
    if (!invitation || invitation.usedAt || invitation.expiresAt <= this.clock.now() || !invitation.user.active) throw invalidLink();
    return invitation;
  }

  /**
   * Sets the invitee's password (argon2id, as staff passwords) and uses the link up. Two requests with one link:
   * the second finds it used. Sessions opened with an earlier password end.
   */
  async accept(token: string, password: string, requestId: string): Promise<{ email: string }> {
    checkPassword(password);
    const invitation = await this.describe(token);
    const passwordHash = await hashSecret(password);
    const user = invitation.user;
    return this.audit.run(partnerActor({ id: user.id, email: user.email, role: user.role }, requestId), async (tx) => {
      const now = this.clock.now();
      // Removed since the link was read: the removal closed the link, and the lock orders the two.
      if (!(await this.users.lock(tx, user.id))?.active) throw invalidLink();
      if (!(await this.invitations.use(tx, invitation.id, now))) throw invalidLink();
      const after = await this.users.setPassword(tx, user.id, passwordHash, now);
      await this.sessions.revokeAll(tx, user.id, now);
      return {
        result: { email: after.email },
        audit: {
          action: 'partner_users.set_password',
          resource: 'partner-users',
          resourceId: user.id,
          before: partnerUserSummary(user),
          after: { ...partnerUserSummary(after), password: 'set' },
        },
      };
    });
  }
}
