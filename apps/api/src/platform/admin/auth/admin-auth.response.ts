import { shape, uuidOut, z } from '@lib/common';
import { ADMIN_ACTIONS, STAFF_ROLES } from '@lib/common/permissions';

/** The signed-in staff member and, per console resource, the actions their role may take (the API's own rules). */
export const adminSessionShape = shape(
  'AdminSession',
  z
    .object({
      id: uuidOut,
      email: z.string(),
      name: z.string(),
      role: z.enum(STAFF_ROLES),
      permissions: z.record(z.string(), z.array(z.enum(ADMIN_ACTIONS))).meta({ description: 'Resource -> the actions the role may take on it.' }),
    })
    .meta({
      example: {
        id: '6a1f0c3e-2b7d-4e59-8c10-3d2e4f5a6b7c',
        email: 'ops@example.com',
        name: 'Operations',
        role: 'operations',
        permissions: { payments: ['read'], claims: ['read', 'transition'] },
      },
    }),
);
export type AdminSessionOut = z.output<typeof adminSessionShape>;
