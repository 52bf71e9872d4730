import { createTransport, type Transporter } from 'nodemailer';
import { ApiError } from '@lib/common';
import { invitationMessage } from './invitation-mail';

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
 * Sandbox without a mail server: nothing is sent; the link is given back in the answer to whoever invited (staff in
 * the console, or the partner's owner in the portal), who hands it on.
 */
export class SandboxInvitationMailer extends InvitationMailer {
  readonly showsLink = true;
  async send(): Promise<void> {}
}

/** Bounds on a mail server that accepts the connection and then stalls: the invitation's transaction waits on it. */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/**
 * Sends the link through the configured mail server (`SMTP_URL`, `MAIL_FROM`). A server that refuses or cannot be
 * reached fails the invitation with 503, and the invitation's transaction writes nothing.
 */
export class SmtpInvitationMailer extends InvitationMailer {
  private readonly transport: Transporter;

  constructor(
    config: { url: string; from: string },
    readonly showsLink: boolean,
  ) {
    super();
    this.transport = createTransport(config.url, { from: config.from, ...SMTP_TIMEOUTS_MS });
  }

  async send(mail: InvitationMail): Promise<void> {
    const { subject, text } = invitationMessage(mail);
    try {
      await this.transport.sendMail({ to: mail.email, subject, text });
    } catch {
      // The server's reply can quote the address; it stays out of the answer and the logs.
      throw new ApiError('NOT_READY', 'The mail server did not accept the invitation email; try again later.');
    }
  }
}

/**
 * Production without a mail server: invitations answer 503 rather than pretending to send a link nobody would
 * receive (as one-time codes do without an SMS gateway). See docs/portal.md.
 */
export class UnconfiguredInvitationMailer extends InvitationMailer {
  readonly showsLink = false;
  async send(): Promise<void> {
    throw new ApiError('NOT_READY', 'No mail sender is configured, so invitation links cannot be sent.');
  }
}

/** Mail goes out wherever a mail server is configured; the sandbox also hands the link back. */
export function invitationMailerFor(config: { env: string; mail?: { url: string; from: string } }): InvitationMailer {
  const showsLink = config.env === 'sandbox';
  if (config.mail) return new SmtpInvitationMailer(config.mail, showsLink);
  return showsLink ? new SandboxInvitationMailer() : new UnconfiguredInvitationMailer();
}
