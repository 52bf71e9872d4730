import { dateTimeOut, shape, uuidOut, z } from '@lib/common';

const changeSide = z
  .record(z.string(), z.unknown())
  .nullable()
  .meta({ description: 'What the action changed, as the audit trail summarised it (no personal data, no secrets); null when there is no such side.' });

/** One audit record as the console's audit log shows it, with the names of the staff and clients it names. */
export const adminAuditEntryShape = shape(
  'AdminAuditEntry',
  z
    .object({
      id: z.string().meta({ pattern: '^\\d+$', description: 'A 64-bit id, as a string.', example: '1042' }),
      staff_id: uuidOut.nullable(),
      partner_user_id: uuidOut.nullable().meta({ description: 'Set when a partner user acted in the portal (staff_id is then null).' }),
      staff_email: z.string(),
      staff_name: z.string().nullable(),
      resource_name: z.string().nullable().meta({ description: 'The name of the staff member or client the record is about, when it is one.' }),
      names: z
        .record(z.string(), z.string())
        .meta({ description: 'id -> name for every staff or client id the record names (in `resource_id`, `before` or `after`).' }),
      role: z.string().meta({ description: 'The role of who acted (a staff or a partner role).' }),
      action: z.string().meta({ example: 'clients.rotate_secret' }),
      resource: z.string(),
      resource_id: z.string().nullable(),
      before: changeSide,
      after: changeSide,
      request_id: z.string().nullable(),
      created_at: dateTimeOut,
    })
    .meta({
      example: {
        id: '1042',
        staff_id: '6a1f0c3e-2b7d-4e59-8c10-3d2e4f5a6b7c',
        partner_user_id: null,
        staff_email: 'ops@example.com',
        staff_name: 'Operations',
        resource_name: 'Acme Motors',
        names: { '6a1f0c3e-2b7d-4e59-8c10-3d2e4f5a6b7c': 'Operations', '9b2c4d6e-8f0a-4b1c-9d2e-3f4a5b6c7d8e': 'Acme Motors' },
        role: 'operations',
        action: 'clients.deactivate',
        resource: 'clients',
        resource_id: '9b2c4d6e-8f0a-4b1c-9d2e-3f4a5b6c7d8e',
        before: { active: true },
        after: { active: false },
        request_id: 'req-1',
        created_at: '2026-11-22T10:15:30.123000Z',
      },
    }),
);
export type AdminAuditEntryOut = z.output<typeof adminAuditEntryShape>;
