/**
 * Who may do what in the partners' portal, by the partner user's role. One pure function, used by the portal
 * API's guard and by the portal's pages (to hide what a role may not do); it imports nothing so the browser
 * bundle can take it as is.
 */
export const PARTNER_ROLES = ['owner', 'developer', 'viewer'] as const;
export type PartnerRole = (typeof PARTNER_ROLES)[number];

export const PARTNER_ACTIONS = ['read', 'rotate_secret', 'manage_webhooks', 'manage_users'] as const;
export type PartnerAction = (typeof PARTNER_ACTIONS)[number];

/**
 * Everyone of the partner reads its client id, products, users, webhook endpoints and deliveries. Developers
 * integrate, so they may replace the client secret and run the webhook endpoints (register, change, disable, rotate
 * their signing secret, send test events, replay deliveries); only owners decide who belongs to the partner.
 */
const GRANTS: Record<PartnerAction, readonly PartnerRole[]> = {
  read: PARTNER_ROLES,
  rotate_secret: ['owner', 'developer'],
  manage_webhooks: ['owner', 'developer'],
  manage_users: ['owner'],
};

export function isPartnerRole(value: unknown): value is PartnerRole {
  return typeof value === 'string' && (PARTNER_ROLES as readonly string[]).includes(value);
}

export function partnerCan(role: string | null | undefined, action: string): boolean {
  if (!isPartnerRole(role) || !Object.hasOwn(GRANTS, action)) return false;
  return GRANTS[action as PartnerAction].includes(role);
}
