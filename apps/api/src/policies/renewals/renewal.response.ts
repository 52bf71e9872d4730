import { amountOut, dateTimeOut, shape, z } from '@lib/common';

/** What a renewal notice offered: a re-quote from the policy's own data (motor), the insurer's priced next term (property), or the notice alone. */
export const RENEWAL_OFFERS = ['re_quote', 'renewal_price', 'notice'] as const;

/** One policy whose renewal came due, in the console's renewals worklist. */
export const adminRenewalShape = shape(
  'AdminRenewal',
  z
    .object({
      id: z.string().meta({ description: "`family:policyId`, the notice's subject.", example: 'property:12' }),
      family: z.string().meta({ description: 'The product family.', example: 'property' }),
      resource: z.string().meta({ description: "The console resource of the family's policies.", example: 'property-policies' }),
      policy_id: z.number().int(),
      policy_number: z.string().nullable().meta({ description: "The insurer's policy number." }),
      policy_status: z.string().meta({ description: "The renewed policy's status now (active, expired, cancelled...).", example: 'active' }),
      client_id: z.string(),
      client_name: z.string().nullable().meta({ description: 'The partner (API client).' }),
      holder: z.string().nullable().meta({ description: "The customer, masked as on the family's own pages." }),
      holder_id: z.string().nullable().meta({ description: "The customer's national id, iqama or company number, masked as on the family's pages." }),
      due_at: dateTimeOut.meta({ description: 'When the notice was due (and sent).' }),
      ends_at: dateTimeOut.nullable().meta({ description: 'When the policy expires.' }),
      offer: z.enum(RENEWAL_OFFERS).meta({
        description:
          "`re_quote`: the notice carried a new quote request's fields (motor); `renewal_price`: the insurer priced the next term, payable through its own link (property); `notice`: the policy alone.",
      }),
      renewal_price: amountOut.nullable().meta({ description: "The offered next term's price with VAT (property)." }),
      renewal_policy_id: z.number().int().nullable().meta({ description: "The offered next term's policy (pending until paid; property)." }),
      taken: z.boolean().meta({
        description: 'A later policy of the same client for the same vehicle, property, horse, person or company was paid, or the offered term was.',
      }),
    })
    .meta({
      example: {
        id: 'property:12',
        family: 'property',
        resource: 'property-policies',
        policy_id: 12,
        policy_number: 'DUNE-P-000012',
        policy_status: 'active',
        client_id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
        client_name: 'Acme Insurance Shop',
        holder: 'Sara Ahmed',
        holder_id: '1012345678',
        due_at: '2027-11-01T00:00:00.000000Z',
        ends_at: '2027-12-01T00:00:00.000000Z',
        offer: 'renewal_price',
        renewal_price: 1214.4,
        renewal_policy_id: 31,
        taken: true,
      },
    }),
);
export type AdminRenewalOut = z.output<typeof adminRenewalShape>;
