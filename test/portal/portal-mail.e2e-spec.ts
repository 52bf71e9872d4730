import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { signIn } from '../admin/admin-kit';
import { PRODUCTION_ENV } from '../support/production-env';
import { startTestApp, TestApp } from '../support/test-app';
import { acceptInvitation, portalLogin, tokenOf } from './portal-kit';

interface Received {
  from: string;
  to: string[];
  body: string;
}

/** A mail server on loopback that keeps what it is sent, or refuses every recipient. */
async function startMailServer(refuse = false): Promise<{ url: string; inbox: Received[]; close(): Promise<void> }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, done) {
      done(refuse ? Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, inbox, close: () => new Promise((r) => server.close(() => r())) };
}

/** The quoted-printable body as a reader sees it (soft line breaks joined, =XX decoded). */
function decoded(body: string): string {
  return Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

describe('portal invitations by email in production', () => {
  let app: TestApp;
  let mail: Awaited<ReturnType<typeof startMailServer>>;

  beforeAll(async () => {
    mail = await startMailServer();
    app = await startTestApp({ env: { ...PRODUCTION_ENV, SMTP_URL: mail.url, MAIL_FROM: 'Partners <partners@insurer.test>' } });
  });
  afterAll(async () => {
    await app?.close();
    await mail?.close();
  });

  it('mails the one-time link, never shows it, and the link sets the password', async () => {
    const ops = await signIn(app, 'operations');
    const { id: clientId } = await app.createClient(['horse']);
    const res = await ops.call('/admin/api/partner-users', { json: { client_id: clientId, email: 'first@partner.test', role: 'owner' } });
    expect(res.status).toBe(201);
    expect(res.body.invitation_url ?? null).toBeNull();

    expect(mail.inbox).toHaveLength(1);
    const [sent] = mail.inbox;
    expect([sent.from, sent.to]).toEqual(['partners@insurer.test', ['first@partner.test']]);
    const text = decoded(sent.body);
    expect(text).toContain('Subject: Your invitation to the');
    expect(text).toContain('as owner');
    const link = /https?:\/\/\S+\/portal\/set-password#token=[\w-]+/.exec(text)?.[0];
    expect(link).toBeDefined();

    expect((await acceptInvitation(app, tokenOf(link!))).status).toBe(200);
    expect((await portalLogin(app, 'first@partner.test')).status).toBe(200);
  });
});

describe('portal invitations when the mail server refuses', () => {
  let app: TestApp;
  let mail: Awaited<ReturnType<typeof startMailServer>>;

  beforeAll(async () => {
    mail = await startMailServer(true);
    app = await startTestApp({ env: { ...PRODUCTION_ENV, SMTP_URL: mail.url, MAIL_FROM: 'partners@insurer.test' } });
  });
  afterAll(async () => {
    await app?.close();
    await mail?.close();
  });

  it('answers 503 and writes nothing', async () => {
    const ops = await signIn(app, 'operations');
    const { id: clientId } = await app.createClient(['horse']);
    const auditBefore = await app.db.prisma.auditLogEntry.count();
    const res = await ops.call('/admin/api/partner-users', { json: { client_id: clientId, email: 'second@partner.test', role: 'developer' } });
    expect([res.status, res.body.code, res.body.message]).toEqual([503, '50301', 'The mail server did not accept the invitation email; try again later.']);
    expect(JSON.stringify(res.body)).not.toContain('second@partner.test');
    expect(await app.db.prisma.partnerUser.count()).toBe(0);
    expect(await app.db.prisma.partnerInvitation.count()).toBe(0);
    expect(await app.db.prisma.auditLogEntry.count()).toBe(auditBefore);
  });
});
