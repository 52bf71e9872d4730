import { dateTimeOut, shape, z } from '@lib/common';

/** The console's search box: matches across every family the role may read, newest first. */
export const adminSearchResultsShape = shape(
  'AdminSearchResults',
  z
    .object({
      results: z.array(
        z.object({
          resource: z.string().meta({ description: "The console resource of the match: a family's policies or `payments`.", example: 'horse-policies' }),
          id: z.string().meta({ description: 'The policy id, or the payment id.' }),
          policy_number: z.string().nullable().meta({ description: "The insurer's policy number; for a payment, the card vendor's reference." }),
          holder: z.string().nullable().meta({ description: "Masked as on the family's own pages." }),
          status: z.string().meta({ description: "The policy status name, or the payment's status." }),
          matched: z.string().meta({ description: 'Which field matched.', example: 'phone' }),
          created_at: dateTimeOut,
          policy: z
            .object({ resource: z.string(), id: z.string() })
            .nullable()
            .meta({ description: 'A payment: the policy it pays for, when the role may read it; otherwise null.' }),
        }),
      ),
      truncated: z.boolean().meta({ description: 'More matched than the answer holds.' }),
    })
    .meta({
      example: {
        results: [
          {
            resource: 'horse-policies',
            id: '12',
            policy_number: '1795593600012',
            holder: 'Faisal Alharbi',
            status: 'active',
            matched: 'phone',
            created_at: '2026-11-25T08:00:00.000Z',
            policy: null,
          },
          {
            resource: 'payments',
            id: '5b3e0a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
            policy_number: 'ch_123',
            holder: null,
            status: 'paid',
            matched: 'vendor_reference',
            created_at: '2026-11-25T08:01:00.000Z',
            policy: { resource: 'horse-policies', id: '12' },
          },
        ],
        truncated: false,
      },
    }),
);
export type AdminSearchResultsOut = z.output<typeof adminSearchResultsShape>;
