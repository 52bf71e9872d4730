/**
 * Who may do what in the back office. One pure function, used by the admin API guards and by the
 * console (to hide what a role may not do); it imports nothing so the browser bundle can take it as is.
 */
export const STAFF_ROLES = ['admin', 'operations', 'account_manager', 'claims_handler'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ADMIN_RESOURCES = [
  'clients',
  'staff',
  'audit-log',
  'dashboard',
  'payments',
  'motor-quote-requests',
  'motor-policies',
  'provider-health',
  'property-policies',
  'claims',
  'webhook-endpoints',
  'webhook-deliveries',
  'tpl-policies',
  'life-policies',
  'horse-policies',
  'medical-companies',
  'medical-policies',
  'travel-policies',
  'refunds',
  'search',
  'policy-activity',
  'partner-users',
  'renewals',
  'due-events',
] as const;
export type AdminResource = (typeof ADMIN_RESOURCES)[number];

/**
 * `read` covers list and show; `read_pii` unmasks personal data (contact emails and phones) in what
 * `read` returns; the other actions change state and are audited.
 */
export const ADMIN_ACTIONS = [
  'read',
  'read_pii',
  'create',
  'update',
  'rotate_secret',
  'enrol',
  'deactivate',
  'activate',
  'cancel',
  'check_status',
  'transition',
  'send_test',
  'resend',
  'import_employees',
  'edit_employees',
  'payment_link',
  'retry',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

type Matrix = { [R in AdminResource]: Partial<Record<AdminAction, readonly StaffRole[]>> };

const ALL = STAFF_ROLES;
const OPS: readonly StaffRole[] = ['admin', 'operations'];

/**
 * The grants. Account managers look after partner relationships (read with contact details, change a
 * client's products); claims handlers only need to know which client a case belongs to, so they read
 * clients with contact details masked. Staff accounts and the audit trail are admin-only.
 */
const GRANTS: Matrix = {
  dashboard: { read: ALL },
  clients: {
    read: ALL,
    read_pii: ['admin', 'operations', 'account_manager'],
    create: OPS,
    update: ['admin', 'operations', 'account_manager'],
    enrol: ['admin', 'operations', 'account_manager'],
    rotate_secret: OPS,
    deactivate: OPS,
    activate: OPS,
  },
  staff: { read: ['admin'], read_pii: ['admin'], create: ['admin'], update: ['admin'], deactivate: ['admin'], activate: ['admin'] },
  'audit-log': { read: ['admin'], read_pii: ['admin'] },
  // The people of a partner who sign in to its portal: operations onboard partners (as they issue credentials),
  // account managers look after the relationship and may see who is there.
  'partner-users': { read: ['admin', 'operations', 'account_manager'], read_pii: ['admin', 'operations', 'account_manager'], create: OPS, deactivate: OPS },
  // Payment records carry no personal data; claims handlers have no business with billing.
  payments: { read: ['admin', 'operations', 'account_manager'] },
  refunds: { read: ['admin', 'operations', 'account_manager'], retry: OPS },
  // One search box for everyone: each result is shown only to roles that read its resource, personal fields are
  // matched only where the role reads personal data.
  search: { read: ALL },
  // A policy page's payments, refunds, webhooks and history: each part checked against its own resource's grants.
  'policy-activity': { read: ALL },
  // Motor comparison. Operations and account managers follow partners' traffic and insurers' answers;
  // customers' ids, emails, phones and IBANs are shown in full only to those who act on a customer's
  // case: operations (support) and, for policies, claims handlers (who identify the insured and pay claims).
  'motor-quote-requests': { read: ['admin', 'operations', 'account_manager'], read_pii: OPS },
  'motor-policies': { read: ALL, read_pii: ['admin', 'operations', 'claims_handler'] },
  'provider-health': { read: ['admin', 'operations', 'account_manager'] },
  // Operations run policies (and may cancel them); claims handlers see policies in full to assess claims.
  'property-policies': {
    read: ALL,
    read_pii: ['admin', 'operations', 'claims_handler'],
    check_status: ['admin', 'operations', 'claims_handler'],
    cancel: OPS,
  },
  // TPL v2 as property: operations run and cancel policies; claims handlers see them in full for car claims.
  'tpl-policies': { read: ALL, read_pii: ['admin', 'operations', 'claims_handler'], cancel: OPS },
  // Life and horse policies as property: operations cancel (refunded as in the partner API); claims handlers see them in full.
  'life-policies': { read: ALL, read_pii: ['admin', 'operations', 'claims_handler'], cancel: OPS },
  'horse-policies': { read: ALL, read_pii: ['admin', 'operations', 'claims_handler'], cancel: OPS },
  'travel-policies': { read: ALL, read_pii: ['admin', 'operations', 'claims_handler'], cancel: OPS },
  // Claims are the claims handlers' work; operations may see them and open one for a customer who calls.
  claims: {
    read: ['admin', 'operations', 'claims_handler'],
    read_pii: ['admin', 'operations', 'claims_handler'],
    create: ['admin', 'operations', 'claims_handler'],
    transition: ['admin', 'claims_handler'],
    // who works a claim: handlers take claims, admins hand them out
    update: ['admin', 'claims_handler'],
  },
  // Webhooks are part of a client's technical integration: operations run them, account managers can see
  // them to answer a partner's "did you send it?". Deliveries carry policy data, so claims handlers see neither.
  'webhook-endpoints': {
    read: ['admin', 'operations', 'account_manager'],
    create: OPS,
    update: OPS,
    rotate_secret: OPS,
    deactivate: OPS,
    activate: OPS,
    send_test: OPS,
  },
  'webhook-deliveries': { read: ['admin', 'operations', 'account_manager'], resend: OPS },
  // SME medical is the account managers' daily tool: they keep companies' employee lists (ids and
  // birthdates, so personal data) and send payment links; claims handlers read policies to assess claims.
  'medical-companies': {
    read: ['admin', 'operations', 'account_manager'],
    read_pii: ['admin', 'operations', 'account_manager'],
    import_employees: ['admin', 'operations', 'account_manager'],
    // one employee at a time: add, correct, remove, and fill or correct a health declaration
    edit_employees: ['admin', 'operations', 'account_manager'],
    payment_link: ['admin', 'operations', 'account_manager'],
  },
  'medical-policies': { read: ALL, read_pii: ['admin', 'operations', 'account_manager', 'claims_handler'] },
  // Policies whose renewal came due, what was offered and whether the customer took it: operations follow them up
  // (as they run policies); each row's customer is masked as its family's policies are for the role.
  renewals: { read: OPS },
  // The scheduler's events (lapses, renewal notices, expiries, overdue claims): operations watch the failed ones and,
  // once the cause is fixed, run them again (audited with a reason).
  'due-events': { read: OPS, retry: OPS },
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether `role` may perform `action` on `resource`. Unknown roles, actions or resources: never. */
export function can(role: string | null | undefined, action: string, resource: string): boolean {
  if (!isStaffRole(role)) return false;
  const grants = Object.hasOwn(GRANTS, resource) ? (GRANTS as Record<string, Partial<Record<string, readonly StaffRole[]>>>)[resource] : undefined;
  const roles = grants && Object.hasOwn(grants, action) ? grants[action] : undefined;
  return roles?.includes(role) ?? false;
}
