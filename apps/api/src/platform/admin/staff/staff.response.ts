import { dateTimeOut, shape, uuidOut, z } from '@lib/common';
import { STAFF_ROLES } from '@lib/common/permissions';

/** A staff user as the console's staff pages show it: no password hash, no lockout counters. */
export const adminStaffShape = shape(
  'AdminStaff',
  z
    .object({
      id: uuidOut,
      email: z.string(),
      name: z.string(),
      role: z.enum(STAFF_ROLES),
      active: z.boolean(),
      locked_until: dateTimeOut.nullable().meta({ description: 'Set while five wrong passwords in a row lock the account.' }),
      last_login_at: dateTimeOut.nullable(),
      created_at: dateTimeOut,
      updated_at: dateTimeOut,
    })
    .meta({
      example: {
        id: '6a1f0c3e-2b7d-4e59-8c10-3d2e4f5a6b7c',
        email: 'ops@example.com',
        name: 'Operations',
        role: 'operations',
        active: true,
        locked_until: null,
        last_login_at: '2026-11-22T08:01:12.000000Z',
        created_at: '2026-10-01T09:00:00.000000Z',
        updated_at: '2026-11-22T08:01:12.000000Z',
      },
    }),
);
export type AdminStaffOut = z.output<typeof adminStaffShape>;
