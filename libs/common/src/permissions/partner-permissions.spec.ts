import { PARTNER_ACTIONS, PARTNER_ROLES, partnerCan } from './partner-permissions';

describe('partnerCan(role, action)', () => {
  const table: Array<[string, string[]]> = [
    ['read', ['owner', 'developer', 'viewer']],
    ['rotate_secret', ['owner', 'developer']],
    ['manage_webhooks', ['owner', 'developer']],
    ['manage_users', ['owner']],
  ];

  it.each(table)('%s is allowed exactly to %j', (action, allowed) => {
    for (const role of PARTNER_ROLES) expect([role, partnerCan(role, action)]).toEqual([role, allowed.includes(role)]);
  });

  it('lists every action', () => {
    expect(table.map(([a]) => a).sort()).toEqual([...PARTNER_ACTIONS].sort());
  });

  it('refuses unknown roles and actions, and staff roles', () => {
    expect(partnerCan('admin', 'read')).toBe(false);
    expect(partnerCan(undefined, 'read')).toBe(false);
    expect(partnerCan('owner', 'constructor')).toBe(false);
    expect(partnerCan('owner', '__proto__')).toBe(false);
  });
});
