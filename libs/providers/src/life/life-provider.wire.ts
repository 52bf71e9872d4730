import { z } from '@lib/common';

const amount = z.string().regex(/^\d+\.\d{2}$/, 'an amount with two decimals');
export const LIFE_FREQUENCIES = ['monthly', 'quarterly', 'semi_annual', 'annual'] as const;
export type LifeFrequency = (typeof LIFE_FREQUENCIES)[number];
/** The riders a plan may carry, as the real service names them. */
export const LIFE_RIDERS = ['accidental_death', 'critical_illness', 'total_permanent_disability', 'waiver_of_premium'] as const;
export type LifeRider = (typeof LIFE_RIDERS)[number];

/** The sandbox life insurers' quote contract: amounts travel as decimal strings, never floats. */
export const wireLifeQuoteRequestSchema = z.strictObject({
  age: z.number().int().min(18).max(70),
  gender: z.enum(['male', 'female']),
  smoker: z.boolean(),
  term_years: z.number().int().min(5).max(40),
  premium_frequency: z.enum(LIFE_FREQUENCIES),
  sum_assured: amount.optional(),
  monthly_contribution: amount.optional(),
  /** Riders wanted; when absent, the plan's standard riders (critical illness and total permanent disability). */
  riders: z.array(z.enum(LIFE_RIDERS)).optional(),
});

export const wireLifeOfferSchema = z.object({
  reference: z.string().min(1),
  product_name: z.string(),
  product_name_ar: z.string(),
  sum_assured: amount,
  premium: amount,
  annual_premium: amount,
  benefits: z.object({ death: amount, critical_illness: amount, disability: amount, accidental_death: amount.optional() }),
  riders_included: z.array(z.enum(LIFE_RIDERS)).optional(),
  assumed_growth_rate_percent: z.string().regex(/^\d+\.\d{2}$/),
  projected_values: z.array(z.object({ year: z.number().int(), value: amount })),
  valid_until: z.string(),
});

export const wireLifeQuoteResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('quoted'), insurer: z.object({ code: z.string(), name_en: z.string(), name_ar: z.string() }), offer: wireLifeOfferSchema }),
  z.object({ status: z.literal('declined'), insurer: z.object({ code: z.string(), name_en: z.string(), name_ar: z.string() }), reason: z.string() }),
]);

export const wireSingleIssueRequestSchema = z.strictObject({
  reference: z.string().min(1).max(64),
  payment_reference: z.string().min(1).max(64),
  start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  premium: amount,
});

export const wireSingleIssuedSchema = z.object({ policy_number: z.string().min(1), issued_at: z.string(), already_issued: z.boolean() });

export type WireLifeQuoteRequest = z.infer<typeof wireLifeQuoteRequestSchema>;
export type WireLifeOffer = z.infer<typeof wireLifeOfferSchema>;
export type WireLifeQuoteResponse = z.infer<typeof wireLifeQuoteResponseSchema>;
export type WireSingleIssueRequest = z.infer<typeof wireSingleIssueRequestSchema>;
export type WireSingleIssued = z.infer<typeof wireSingleIssuedSchema>;
