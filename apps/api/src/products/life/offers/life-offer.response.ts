import { amountOut, dateTimeOut, shape, uuidOut, z } from '@lib/common';
import { LIFE_FREQUENCIES, LIFE_RIDERS } from '@lib/providers';

export const LIFE_OFFER_EXAMPLE = {
  offer_id: '0f8b7c1e-2d3a-4b5c-8d9e-0a1b2c3d4e5f',
  insurer: 'Summit Ridge Takaful',
  insurer_ar: 'تكافل ذروة القمة',
  product_name: 'Summit Future Builder',
  sum_assured: 300000,
  premium: 833.51,
  premium_frequency: 'monthly' as const,
  annual_premium: 10002.12,
  policy_term_years: 20,
  benefits: { death: 300000, critical_illness: 120000, disability: 300000 },
  riders_included: ['critical_illness' as const, 'total_permanent_disability' as const],
  projected_savings: {
    assumed_growth_rate_percent: 4,
    values: [
      { year: 5, value: 50696.78 },
      { year: 20, value: 278722.82 },
    ],
  },
  maturity_benefit: 278722.82,
  notes: 'Projected savings assume 4.00 % growth a year and are not guaranteed; the death benefit is paid in full at any time during the term.',
  applicant_details: null,
  valid_until: '2026-11-23T09:00:00+00:00',
};

/** What the applicant told beyond the pricing fields, recorded with the offer; only the fields sent appear. */
const applicantDetailsShape = z.object({
  height_cm: z.number().int().optional(),
  weight_kg: z.number().optional(),
  occupation_class: z.union([z.string(), z.number().int()]).optional(),
  annual_income_sar: amountOut.optional(),
  distribution_channel: z.string().optional(),
  extra_fields: z.record(z.string(), z.unknown()).optional().meta({ description: "The partner's own fields, as sent." }),
});

/** One life offer: amounts are JSON numbers of SAR, `valid_until` an offset date-time (as motor's `quote_expiry_date`). */
export const lifeOfferShape = shape(
  'LifeOffer',
  z
    .object({
      offer_id: uuidOut,
      insurer: z.string(),
      insurer_ar: z.string(),
      product_name: z.string(),
      sum_assured: amountOut,
      premium: amountOut.meta({ description: 'One instalment, per `premium_frequency`.' }),
      premium_frequency: z.enum(LIFE_FREQUENCIES),
      annual_premium: amountOut,
      policy_term_years: z.number().int(),
      benefits: z.object({
        death: amountOut,
        critical_illness: amountOut,
        disability: amountOut,
        accidental_death: amountOut.optional().meta({ description: 'With the accidental death rider only.' }),
      }),
      riders_included: z.array(z.enum(LIFE_RIDERS)),
      projected_savings: z.object({
        assumed_growth_rate_percent: z.number(),
        values: z.array(z.object({ year: z.number().int(), value: amountOut })).meta({ description: 'Every 5 years and at maturity.' }),
      }),
      maturity_benefit: amountOut,
      notes: z.string(),
      applicant_details: applicantDetailsShape.nullable(),
      valid_until: dateTimeOut.meta({ example: '2026-11-23T09:00:00+00:00', description: 'After this the offer cannot be issued.' }),
    })
    .meta({ example: LIFE_OFFER_EXAMPLE }),
);
export type LifeOfferOut = z.output<typeof lifeOfferShape>;

export const lifeOfferListShape = shape(
  'LifeOfferList',
  z.array(lifeOfferShape).meta({ description: 'Cheapest premium first.', example: [LIFE_OFFER_EXAMPLE] }),
);
