/** The partner portal users resource's words (console). */
export const partnerUsersEn = {
  name: 'Portal user |||| Portal users',
  fields: {
    id: 'Id',
    client_id: 'Client',
    email: 'Email',
    role: 'Role in the partner',
    status: 'Status',
    active: 'Not removed',
    last_login_at: 'Last sign-in',
    created_at: 'Invited',
    q: 'Search',
  },
  roles: { owner: 'Owner', developer: 'Developer', viewer: 'Viewer' },
  statuses: { invited: 'Invited', active: 'Active', removed: 'Removed' },
  invite: 'Invite to the portal',
  link: {
    title: 'Invitation link (sandbox)',
    help: 'Nothing is mailed in the sandbox: give this link to the person. It works once, for three days.',
    done: 'Done',
  },
};
