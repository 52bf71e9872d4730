import { formatDateTime, formatNullableDateTime, z } from '@lib/common';
import type { PartnerUser } from './partner-users.repository';

export const partnerUserSchema = z.object({
  id: z.uuid(),
  client_id: z.uuid(),
  email: z.string(),
  role: z.enum(['owner', 'developer', 'viewer']),
  /** invited: no password chosen yet; active: signs in; removed: no longer of the partner. */
  status: z.enum(['invited', 'active', 'removed']),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type PresentedPartnerUser = z.infer<typeof partnerUserSchema>;

export function partnerUserStatus(u: PartnerUser): PresentedPartnerUser['status'] {
  if (!u.active) return 'removed';
  return u.passwordHash ? 'active' : 'invited';
}

export function presentPartnerUser(u: PartnerUser): PresentedPartnerUser {
  return {
    id: u.id,
    client_id: u.clientId,
    email: u.email,
    role: u.role as PresentedPartnerUser['role'],
    status: partnerUserStatus(u),
    last_login_at: formatNullableDateTime(u.lastLoginAt),
    created_at: formatDateTime(u.createdAt),
    updated_at: formatDateTime(u.updatedAt),
  };
}

/** What the audit log keeps of a partner user: never a password hash or lockout counters. */
export function partnerUserSummary(u: PartnerUser): Record<string, unknown> {
  return { client_id: u.clientId, email: u.email, role: u.role, status: partnerUserStatus(u) };
}
