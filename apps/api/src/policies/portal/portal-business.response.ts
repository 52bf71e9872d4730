import { amountTextOut, dateOut, dateTimeOut, intIdOut, pageQueryShape, paginated, shape, z } from '@lib/common';
import { CLAIM_STATUSES } from '../claims/claim-status';
import { POLICY_STATUS_NAMES } from '../policy-status';

/** The portal's view of the partner's business: policies of every family, claims, and the overview's figures. */

const POLICY_STATUSES = Object.values(POLICY_STATUS_NAMES) as [string, ...string[]];
const familyFilter = z
  .string()
  .regex(/^[a-z]{2,32}$/, 'The family must be a product family, e.g. motor, tpl, property, travel, medical, life or horse.')
  .optional();

export const portalPoliciesQuery = z.strictObject({
  ...pageQueryShape,
  family: familyFilter,
  status: z.enum(POLICY_STATUSES, { error: `The status must be one of: ${POLICY_STATUSES.join(', ')}.` }).optional(),
  q: z.string().trim().min(1, 'The search must not be empty.').max(100, 'The search may not be longer than 100 characters.').optional().meta({
    description:
      "Finds policies by their id, the insurer's policy number or a business reference (vehicle sequence or custom number, VIN, commercial registration), matched exactly.",
  }),
});

/** A policy's reference in the portal: its family and its id in that family, e.g. `horse-12`. */
export const portalPolicyParam = z.strictObject({ id: z.string().max(48) });

export const portalClaimsQuery = z.strictObject({
  ...pageQueryShape,
  family: familyFilter,
  status: z.enum(CLAIM_STATUSES, { error: `The status must be one of: ${CLAIM_STATUSES.join(', ')}.` }).optional(),
});
export const portalClaimParam = z.strictObject({ id: z.string().max(12) });

export const overviewQuery = z.strictObject({
  months: z.coerce
    .number({ error: 'The months must be an integer.' })
    .int('The months must be an integer.')
    .min(1, 'The months must be at least 1.')
    .max(24, 'The months may not be greater than 24.')
    .default(12),
});

export const portalPolicyShape = shape(
  'PortalPolicy',
  z
    .strictObject({
      id: z.string().meta({ description: 'The family and the policy id, e.g. `horse-12`: the path of the policy in the portal.' }),
      family: z.string().meta({ description: 'The product family: motor, tpl, property, travel, medical, life or horse.' }),
      policy_id: intIdOut.meta({ description: "The policy's id in its family's API (e.g. GET /api/v1/horse/policies/{policy_id})." }),
      status: z.enum(POLICY_STATUSES),
      policy_number: z.string().nullable().meta({ description: "The insurer's policy number, once issued." }),
      insured: z.string().nullable().meta({
        description:
          "The insured's name, masked as in the console (first two and last two characters); where the family keeps no name, the insured's id masked.",
      }),
      premium: amountTextOut.meta({ description: 'What the customer pays for the policy, VAT included (SAR, two decimals).' }),
      insurer: z.string(),
      start_date: dateOut.nullable(),
      end_date: dateOut.nullable(),
      issued_at: dateTimeOut.nullable().meta({ description: 'When it was paid and issued; null while it awaits payment.' }),
      created_at: dateTimeOut,
    })
    .meta({
      example: {
        id: 'horse-12',
        family: 'horse',
        policy_id: 12,
        status: 'active',
        policy_number: '40021377',
        insured: 'Fa***********bi',
        premium: '18687.50',
        insurer: 'caravan',
        start_date: '2026-11-22',
        end_date: '2027-11-21',
        issued_at: '2026-11-22T09:12:41.000000Z',
        created_at: '2026-11-22T09:05:00.000000Z',
      },
    }),
);
export type PortalPolicyOut = z.output<typeof portalPolicyShape>;
export const portalPolicyPageShape = paginated('PortalPolicyPage', portalPolicyShape);

export const portalClaimShape = shape(
  'PortalClaim',
  z
    .strictObject({
      id: intIdOut,
      family: z.string().meta({ description: "The family of the claim's policy." }),
      policy_id: intIdOut,
      policy: z.string().meta({ description: 'The policy in the portal, e.g. `horse-12`.' }),
      claim_type: z.string(),
      status: z.enum(CLAIM_STATUSES),
      incident_date: dateOut,
      requested_amount: amountTextOut,
      approved_amount: amountTextOut.nullable(),
      paid_amount: amountTextOut.nullable(),
      status_history: z
        .array(z.object({ status: z.enum(CLAIM_STATUSES), at: dateTimeOut }))
        .meta({ description: 'Filled on the claim itself; empty in lists.' }),
      created_at: dateTimeOut,
      updated_at: dateTimeOut,
    })
    .meta({
      description: "A claim as the portal shows it: its amounts and statuses, never its description, documents or the handlers' notes.",
      example: {
        id: 31,
        family: 'horse',
        policy_id: 12,
        policy: 'horse-12',
        claim_type: 'veterinary',
        status: 'submitted',
        incident_date: '2027-01-14',
        requested_amount: '4200.00',
        approved_amount: null,
        paid_amount: null,
        status_history: [],
        created_at: '2027-01-15T08:12:00.000000Z',
        updated_at: '2027-01-15T08:12:00.000000Z',
      },
    }),
);
export type PortalClaimOut = z.output<typeof portalClaimShape>;
export const portalClaimPageShape = paginated('PortalClaimPage', portalClaimShape);

export const portalOverviewShape = shape(
  'PortalOverview',
  z.strictObject({
    from: dateOut.meta({ description: 'The first day counted (UTC), the first of a month.' }),
    months: z.array(z.string().meta({ example: '2026-11' })).meta({ description: 'Every month counted, oldest first (YYYY-MM).' }),
    premium_by_month: z.array(z.strictObject({ month: z.string(), family: z.string(), premium: amountTextOut, policies: z.number().int() })).meta({
      description: 'Premium of the policies issued (paid) in each month, per family, whatever happened to them later. Months without any are left out.',
    }),
    insurers: z
      .array(
        z.strictObject({
          family: z.string(),
          insurer: z.string(),
          quote_requests: z.number().int().meta({ description: 'Quote requests made in the window that asked this insurer.' }),
          offered: z.number().int().meta({ description: 'Of those, the ones it answered with at least one offer.' }),
          policies: z.number().int().meta({ description: 'Policies issued with this insurer in the window.' }),
          answers: z.number().int().meta({ description: 'Answers with a stored time (offers, declines, errors and timeouts at the deadline).' }),
          p50_ms: z.number().int().nullable(),
          p95_ms: z.number().int().nullable(),
        }),
      )
      .meta({
        description:
          'Per insurer, for the families whose quote requests ask several insurers at once (motor comparison): the requests asked, offers, policies and the time the insurer took to answer.',
      }),
  }),
);
export type PortalOverviewOut = z.output<typeof portalOverviewShape>;
