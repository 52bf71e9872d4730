import { dateTimeOut, shape, uuidOut, z } from '@lib/common';
import { PARTNER_ROLES } from '@lib/common/permissions';

const USER_EXAMPLE = {
  id: '2c4e6a8b-0d1f-4a3c-8e5b-7d9f1a3c5e7b',
  client_id: '9b2c4d6e-8f0a-4b1c-9d2e-3f4a5b6c7d8e',
  email: 'dev@acme.example',
  role: 'developer',
  status: 'active',
  last_login_at: '2026-11-22T08:01:12.000000Z',
  created_at: '2026-11-01T09:00:00.000000Z',
  updated_at: '2026-11-22T08:01:12.000000Z',
};
const userFields = {
  id: uuidOut,
  client_id: uuidOut,
  email: z.string(),
  role: z.enum(PARTNER_ROLES),
  status: z
    .enum(['invited', 'active', 'removed'])
    .meta({ description: 'invited: no password chosen yet; active: signs in; removed: no longer of the partner.' }),
  last_login_at: dateTimeOut.nullable(),
  created_at: dateTimeOut,
  updated_at: dateTimeOut,
};

/** A partner's portal user as the console's partner-users pages show it (the portal's own answer is declared with the portal). */
export const adminPartnerUserShape = shape('AdminPartnerUser', z.object(userFields).meta({ example: USER_EXAMPLE }));
export type AdminPartnerUserOut = z.output<typeof adminPartnerUserShape>;

/** A person just invited, with when the invitation ends and, in the sandbox, its link. */
export const adminPartnerUserInvitedShape = shape(
  'AdminPartnerUserInvited',
  z
    .object({
      ...userFields,
      invitation_expires_at: dateTimeOut,
      invitation_url: z
        .string()
        .nullable()
        .meta({ description: 'The one-time link to choose a password. Given back in the sandbox only; in production it is mailed.' }),
    })
    .meta({ example: { ...USER_EXAMPLE, status: 'invited', last_login_at: null, invitation_expires_at: '2026-11-25T09:00:00.000000Z', invitation_url: null } }),
);
export type AdminPartnerUserInvitedOut = z.output<typeof adminPartnerUserInvitedShape>;
