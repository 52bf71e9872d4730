import type { FastifyRequest } from 'fastify';
import type { PartnerRole } from '@lib/common/permissions';
import type { AuditActor } from '../../admin/audit/audit-trail';
import type { SessionCookieJar } from '../../admin/auth/session-cookie';

/** The portal's cookie: its own name, scoped to /portal, so a console cookie is never sent to it nor read by it. */
export const PORTAL_COOKIE: SessionCookieJar = { name: 'ei_portal', path: '/portal' };

/** The signed-in partner user of a portal request. */
export interface PartnerUserPrincipal {
  id: string;
  clientId: string;
  email: string;
  role: PartnerRole;
  sessionId: string;
}

export type PortalRequest = FastifyRequest & { partnerUser?: PartnerUserPrincipal; principal?: string };

/** The audit actor of a partner user: no staff id, the user's email, and the role marked as a partner's. */
export function partnerActor(user: { id: string; email: string; role: string }, requestId?: string): AuditActor {
  return { staffId: null, partnerUserId: user.id, email: user.email, role: `partner_${user.role}`, requestId };
}
