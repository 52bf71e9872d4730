import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Clock, HOUR_MS } from '@lib/common';
import type { PartnerRole } from '@lib/common/permissions';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma } from '@lib/db';
import { ApiClientRepository } from '../../clients/api-client.repository';
import { AuditActor, AuditTrail } from '../../admin/audit/audit-trail';
import { hashToken } from '../../admin/auth/sign-in-rules';
import { normaliseEmail } from '../../admin/staff/staff.service';
import { PartnerSessionsRepository } from '../auth/partner-sessions.repository';
import { InvitationMailer } from '../invitations/invitation-mailer';
import { PartnerInvitationsRepository } from '../invitations/partner-invitations.repository';
import { partnerUserSummary } from './partner-user.presenter';
import { PartnerUser, PartnerUserFilter, PartnerUsersRepository } from './partner-users.repository';

/** An invitation link works for three days, once. */
export const INVITATION_TTL_MS = 72 * HOUR_MS;

export interface Invited {
  user: PartnerUser;
  expiresAt: Date;
  /** The one-time link, given back only where the mailer shows links (sandbox); otherwise it was mailed. */
  url: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The people of a partner: invited by staff (to any client) or by the partner's owner (to their own), removed
 * the same ways. Every change is audited in its own transaction, with whoever acted as the actor.
 */
@Injectable()
export class PartnerUsersService {
  constructor(
    private readonly users: PartnerUsersRepository,
    private readonly invitations: PartnerInvitationsRepository,
    private readonly sessions: PartnerSessionsRepository,
    private readonly clients: ApiClientRepository,
    private readonly mailer: InvitationMailer,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  page(f: PartnerUserFilter, orderBy: Prisma.PartnerUserOrderByWithRelationInput[], skip: number, take: number) {
    return this.users.page(f, orderBy, skip, take);
  }

  /** The user, if it belongs to `clientId` (when given): another partner's user is not found, never forbidden. */
  async find(id: string, clientId?: string): Promise<PartnerUser> {
    const user = UUID.test(id) ? await this.users.find(id) : null;
    if (!user || (clientId !== undefined && user.clientId !== clientId)) throw ApiError.notFound(`No portal user with id ${id}.`);
    return user;
  }

  /**
   * Invites `email` to the client with `role`: a new user, or one not yet signed up or removed from this same
   * client invited again (older links stop working). The link's token is stored only as its SHA-256.
   */
  async invite(actor: AuditActor, input: { clientId: string; email: string; role: PartnerRole }): Promise<Invited> {
    const client = UUID.test(input.clientId) ? await this.clients.findById(input.clientId) : null;
    if (!client) throw ApiError.field('client_id', `No API client with id ${input.clientId}.`);
    const email = normaliseEmail(input.email);
    const token = randomBytes(32).toString('base64url');
    const url = `${this.config.publicBaseUrl}/portal/set-password#token=${token}`;
    return this.audit.run(actor, async (tx) => {
      const now = this.clock.now();
      const existing = await this.users.findByEmailIn(tx, email);
      if (existing && existing.clientId !== client.id) {
        throw ApiError.field('email', 'This email already has a portal account with another partner.');
      }
      if (existing?.active && existing.passwordHash) throw ApiError.field('email', 'This person already uses the portal.');
      const user = existing
        ? await this.users.reinvite(tx, existing.id, input.role, now)
        : await this.users.create(tx, { id: randomUUID(), clientId: client.id, email, role: input.role }, now);
      if (existing) await this.invitations.closeOpen(tx, user.id, now);
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
      await this.invitations.create(tx, { id: randomUUID(), partnerUserId: user.id, tokenHash: hashToken(token), expiresAt }, now);
      await this.mailer.send({ email, clientName: client.name, role: input.role, url, expiresAt });
      return {
        result: { user, expiresAt, url: this.mailer.showsLink ? url : null },
        audit: {
          action: 'partner_users.invite',
          resource: 'partner-users',
          resourceId: user.id,
          before: existing ? partnerUserSummary(existing) : null,
          after: { ...partnerUserSummary(user), invitation_expires_at: expiresAt.toISOString() },
        },
      };
    });
  }

  /**
   * Removes a user from the partner: no more sign-ins, open sessions and links end at once. The row stays, so the
   * audit trail keeps naming who did what. A user cannot remove themself (a partner never loses its last owner
   * that way).
   */
  async remove(actor: AuditActor, id: string, clientId?: string): Promise<PartnerUser> {
    await this.find(id, clientId);
    return this.audit.run(actor, async (tx) => {
      const before = await this.users.lock(tx, id);
      if (!before || !before.active) throw ApiError.notFound(`No portal user with id ${id}.`);
      if (actor.partnerUserId === id) throw new ApiError('CONFLICT', 'You cannot remove yourself from the portal.');
      const now = this.clock.now();
      const after = await this.users.deactivate(tx, id, now);
      await this.sessions.revokeAll(tx, id, now);
      await this.invitations.closeOpen(tx, id, now);
      return {
        result: after,
        audit: {
          action: 'partner_users.remove',
          resource: 'partner-users',
          resourceId: id,
          before: partnerUserSummary(before),
          after: partnerUserSummary(after),
        },
      };
    });
  }
}
