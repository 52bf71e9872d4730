import type { InvitationMail } from './invitation-mailer';

const ROLE_AR: Record<string, string> = { owner: 'مالك', developer: 'مطوّر', viewer: 'مطّلع' };

/** The invitation as the invitee reads it: English first, then Arabic, the link and when it stops working. */
export function invitationMessage(m: InvitationMail): { subject: string; text: string } {
  const until = `${m.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const text = [
    `You are invited to the ${m.clientName} partner portal as ${m.role}.`,
    `Choose your password here (the link works once, until ${until}):`,
    m.url,
    '',
    `تمت دعوتك إلى بوابة الشريك ${m.clientName} بصفة ${ROLE_AR[m.role] ?? m.role}.`,
    `اختر كلمة المرور من الرابط أعلاه (يعمل مرة واحدة حتى ${until}).`,
    '',
    'If you did not expect this invitation, ignore this email: nothing happens until the link is used.',
  ].join('\n');
  return { subject: `Your invitation to the ${m.clientName} partner portal`, text };
}
