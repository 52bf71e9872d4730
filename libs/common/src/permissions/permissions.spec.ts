import { ADMIN_ACTIONS, ADMIN_RESOURCES, can, STAFF_ROLES } from './permissions';

describe('can(role, action, resource)', () => {
  const table: Array<[string, string, string[]]> = [
    ['read', 'dashboard', ['admin', 'operations', 'account_manager', 'claims_handler']],
    ['read', 'search', ['admin', 'operations', 'account_manager', 'claims_handler']],
    ['read_pii', 'search', []],
    ['read', 'policy-activity', ['admin', 'operations', 'account_manager', 'claims_handler']],
    ['read', 'clients', ['admin', 'operations', 'account_manager', 'claims_handler']],
    ['read_pii', 'clients', ['admin', 'operations', 'account_manager']],
    ['create', 'clients', ['admin', 'operations']],
    ['update', 'clients', ['admin', 'operations', 'account_manager']],
    ['enrol', 'clients', ['admin', 'operations', 'account_manager']],
    ['rotate_secret', 'clients', ['admin', 'operations']],
    ['deactivate', 'clients', ['admin', 'operations']],
    ['activate', 'clients', ['admin', 'operations']],
    ['read', 'staff', ['admin']],
    ['read_pii', 'staff', ['admin']],
    ['read_pii', 'audit-log', ['admin']],
    ['create', 'staff', ['admin']],
    ['update', 'staff', ['admin']],
    ['deactivate', 'staff', ['admin']],
    ['activate', 'staff', ['admin']],
    ['read', 'audit-log', ['admin']],
    ['create', 'audit-log', []],
    ['update', 'audit-log', []],
    ['rotate_secret', 'staff', []],
    ['read', 'payments', ['admin', 'operations', 'account_manager']],
    ['update', 'payments', []],
    ['read', 'refunds', ['admin', 'operations', 'account_manager']],
    ['retry', 'refunds', ['admin', 'operations']],
    ['retry', 'payments', []],
    ['read', 'motor-quote-requests', ['admin', 'operations', 'account_manager']],
    ['read_pii', 'motor-quote-requests', ['admin', 'operations']],
    ['update', 'motor-quote-requests', []],
    ['read', 'motor-policies', ['admin', 'operations', 'account_manager', 'claims_handler']],
    ['read_pii', 'motor-policies', ['admin', 'operations', 'claims_handler']],
    ['update', 'motor-policies', []],
    ['read', 'provider-health', ['admin', 'operations', 'account_manager']],
    ['read', 'property-policies', ['admin', 'operations', 'account_manager', 'claims_handler']],
    ['read_pii', 'property-policies', ['admin', 'operations', 'claims_handler']],
    ['check_status', 'property-policies', ['admin', 'operations', 'claims_handler']],
    ['cancel', 'property-policies', ['admin', 'operations']],
    ['read', 'life-policies', ['admin', 'operations', 'account_manager', 'claims_handler']],
    ['read_pii', 'life-policies', ['admin', 'operations', 'claims_handler']],
    ['cancel', 'life-policies', ['admin', 'operations']],
    ['check_status', 'life-policies', []],
    ['read', 'horse-policies', ['admin', 'operations', 'account_manager', 'claims_handler']],
    ['read_pii', 'horse-policies', ['admin', 'operations', 'claims_handler']],
    ['cancel', 'horse-policies', ['admin', 'operations']],
    ['check_status', 'horse-policies', []],
    ['read', 'travel-policies', ['admin', 'operations', 'account_manager', 'claims_handler']],
    ['read_pii', 'travel-policies', ['admin', 'operations', 'claims_handler']],
    ['cancel', 'travel-policies', ['admin', 'operations']],
    // account managers run SME medical day to day; claims handlers read medical policies for claims
    ['read', 'medical-companies', ['admin', 'operations', 'account_manager']],
    ['read_pii', 'medical-companies', ['admin', 'operations', 'account_manager']],
    ['import_employees', 'medical-companies', ['admin', 'operations', 'account_manager']],
    ['edit_employees', 'medical-companies', ['admin', 'operations', 'account_manager']],
    ['payment_link', 'medical-companies', ['admin', 'operations', 'account_manager']],
    ['update', 'medical-companies', []],
    ['read', 'medical-policies', ['admin', 'operations', 'account_manager', 'claims_handler']],
    ['read_pii', 'medical-policies', ['admin', 'operations', 'account_manager', 'claims_handler']],
    ['cancel', 'medical-policies', []],
    ['read', 'claims', ['admin', 'operations', 'claims_handler']],
    ['read_pii', 'claims', ['admin', 'operations', 'claims_handler']],
    ['create', 'claims', ['admin', 'operations', 'claims_handler']],
    ['transition', 'claims', ['admin', 'claims_handler']],
    ['transition', 'property-policies', []],
    ['update', 'claims', ['admin', 'claims_handler']],
    ['read', 'webhook-endpoints', ['admin', 'operations', 'account_manager']],
    ['create', 'webhook-endpoints', ['admin', 'operations']],
    ['update', 'webhook-endpoints', ['admin', 'operations']],
    ['rotate_secret', 'webhook-endpoints', ['admin', 'operations']],
    ['deactivate', 'webhook-endpoints', ['admin', 'operations']],
    ['activate', 'webhook-endpoints', ['admin', 'operations']],
    ['send_test', 'webhook-endpoints', ['admin', 'operations']],
    ['read', 'webhook-deliveries', ['admin', 'operations', 'account_manager']],
    ['resend', 'webhook-deliveries', ['admin', 'operations']],
    ['resend', 'clients', []],
    ['read', 'tpl-policies', ['admin', 'operations', 'account_manager', 'claims_handler']],
    ['read_pii', 'tpl-policies', ['admin', 'operations', 'claims_handler']],
    ['cancel', 'tpl-policies', ['admin', 'operations']],
    ['update', 'tpl-policies', []],
    ['read', 'partner-users', ['admin', 'operations', 'account_manager']],
    ['read_pii', 'partner-users', ['admin', 'operations', 'account_manager']],
    ['create', 'partner-users', ['admin', 'operations']],
    ['deactivate', 'partner-users', ['admin', 'operations']],
    ['update', 'partner-users', []],
    ['read', 'renewals', ['admin', 'operations']],
    ['read_pii', 'renewals', []],
    ['read', 'due-events', ['admin', 'operations']],
    ['retry', 'due-events', ['admin', 'operations']],
    ['read_pii', 'due-events', []],
  ];

  it.each(table)('%s %s is allowed exactly to %j', (action, resource, allowed) => {
    for (const role of STAFF_ROLES) expect([role, can(role, action, resource)]).toEqual([role, allowed.includes(role)]);
  });

  it('covers every action of every resource in the table above', () => {
    for (const resource of ADMIN_RESOURCES) {
      for (const action of ADMIN_ACTIONS) {
        const granted = STAFF_ROLES.some((r) => can(r, action, resource));
        const listed = table.some(([a, res]) => a === action && res === resource);
        if (granted) expect(`${action} ${resource} listed: ${listed}`).toBe(`${action} ${resource} listed: true`);
      }
    }
  });

  it('refuses unknown roles, actions and resources', () => {
    expect(can('root', 'read', 'clients')).toBe(false);
    expect(can(undefined, 'read', 'clients')).toBe(false);
    expect(can('admin', 'drop', 'clients')).toBe(false);
    expect(can('admin', 'read', 'policies')).toBe(false);
    expect(can('admin', 'read', '__proto__')).toBe(false);
    expect(can('admin', 'constructor', 'clients')).toBe(false);
  });
});
