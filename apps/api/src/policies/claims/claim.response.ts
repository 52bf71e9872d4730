import { amountOut, amountTextOut, dateOut, dateTimeOut, intIdOut, paginated, shape, z } from '@lib/common';
import { submittedClaimExample } from '../claims-intake/claim-example';
import { CLAIM_STATUS_CODES, CLAIM_STATUSES } from './claim-status';

const claimStatus = z.enum(CLAIM_STATUSES);

/** A claim as a partner sees it, whatever the family: the claims core presents every family's claims the same way. */
export const partnerClaimShape = shape(
  'PartnerClaim',
  z
    .object({
      id: intIdOut,
      claim_id: intIdOut.meta({ description: 'The same as `id` (the real service names it so).' }),
      policy_id: intIdOut,
      claim_type: z.string().meta({ description: "One of the family's claim types (see the route that opens a claim)." }),
      incident_date: dateOut,
      description: z.string(),
      requested_amount: amountTextOut,
      approved_amount: amountOut.nullable(),
      paid_amount: amountOut.nullable(),
      status: claimStatus,
      claim_status: z
        .literal(Object.values(CLAIM_STATUS_CODES))
        .meta({ description: "The real service's integer for `status`: 0 submitted, 1 under review, 2 approved, 3 rejected, 4 paid." }),
      documents: z.array(
        z.object({
          url: z.string().meta({ format: 'uri', description: 'Download it with the bearer token.' }),
          content_type: z.string().meta({ example: 'application/pdf' }),
          size: z.number().int().min(0).meta({ description: 'Bytes.' }),
        }),
      ),
      status_history: z.array(z.object({ status: claimStatus, at: dateTimeOut })),
      created_at: dateTimeOut,
      updated_at: dateTimeOut,
    })
    .meta({
      example: submittedClaimExample({
        id: 31,
        policy_id: 655,
        claim_type: 'water_damage',
        incident_date: '2027-01-14',
        description: 'A burst pipe flooded the kitchen.',
        requested_amount: '4200.00',
        document: 'photo',
        submitted_at: '2027-01-15T08:12:00.000000Z',
      }),
    }),
);
export type PartnerClaimOut = z.output<typeof partnerClaimShape>;

/** A policy's claims in the paginator envelope. */
export const partnerClaimPageShape = paginated('PartnerClaimPage', partnerClaimShape);
