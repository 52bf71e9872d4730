import { ApiError } from '@lib/common';

export interface InvitationMail {
  email: string;
  clientName: string;
  role: string;
  url: string;
  expiresAt: Date;
}

/**
 * Delivers an invitation link to the invitee. Called inside the invitation's transaction: a mailer that
 * cannot send fails the invitation, so nothing is left half-written.
 */
export abstract class InvitationMailer {
  /** Whether the answer to whoever invited may carry the link itself (sandbox only). */
  abstract readonly showsLink: boolean;
  abstract send(mail: InvitationMail): Promise<void>;
}

/**
 * Sandbox: nothing is sent; the link is given back in the answer to whoever invited (staff in the console,
 * or the partner's owner in the portal), who hands it on.
 */
export class SandboxInvitationMailer extends InvitationMailer {
  readonly showsLink = true;
  async send(): Promise<void> {}
}

/**
 * Production: no mail sender is wired into the service yet, so invitations answer 503 rather than pretending to
 * send a link nobody would receive (as one-time codes do without an SMS gateway). See docs/portal.md.
 */
export class UnconfiguredInvitationMailer extends InvitationMailer {
  readonly showsLink = false;
  async send(): Promise<void> {
    throw new ApiError('NOT_READY', 'No mail sender is configured, so invitation links cannot be sent.');
  }
}
