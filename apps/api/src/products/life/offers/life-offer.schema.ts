import { crossFieldRules, gregorianDateField, personIdField, z } from '@lib/common';
import { LIFE_FREQUENCIES, LIFE_RIDERS } from '@lib/providers';

const amount = (label: string, min: number) =>
  z
    .number({ error: `The ${label} must be a number.` })
    .min(min, `The ${label} must be at least ${min}.`)
    .max(100_000_000, `The ${label} must be at most 100000000.`)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `The ${label} may have at most two decimals.`);

const ridersShape = Object.fromEntries(
  LIFE_RIDERS.map((r) => [r, z.boolean({ error: `The ${r.replace(/_/g, ' ')} rider must be true or false.` }).optional()]),
) as Record<(typeof LIFE_RIDERS)[number], z.ZodOptional<z.ZodBoolean>>;

/**
 * POST /api/v1/life-snp/offers. Exactly one of `sum_assured` (the cover wanted), `monthly_contribution`
 * (the budget per month) or the real service's `target_premium` (the budget per `premium_frequency`
 * instalment); the insurer works out the cover a budget buys. The real service's `riders` choose the
 * riders priced; its applicant fields are recorded with the offer.
 */
export const lifeOfferRequestSchema = z
  .strictObject({
    applicant_id: personIdField('applicant id'),
    date_of_birth: gregorianDateField('date of birth'),
    gender: z.enum(['male', 'female'], { error: 'The gender must be male or female.' }),
    smoker: z.boolean({ error: 'The smoker field must be true or false.' }),
    policy_term_years: z
      .number({ error: 'The policy term years must be a whole number.' })
      .int('The policy term years must be a whole number.')
      .min(5, 'The policy term years must be at least 5.')
      .max(40, 'The policy term years must be at most 40.'),
    premium_frequency: z.enum(LIFE_FREQUENCIES, { error: `The premium frequency must be one of ${LIFE_FREQUENCIES.join(', ')}.` }),
    sum_assured: amount('sum assured', 10_000).optional(),
    monthly_contribution: amount('monthly contribution', 50).optional(),
    target_premium: amount('target premium', 50).optional(),
    riders: z.strictObject(ridersShape).optional(),
    height_cm: z
      .number({ error: 'The height cm must be a number.' })
      .int('The height cm must be a whole number.')
      .min(100, 'The height cm must be at least 100.')
      .max(250, 'The height cm must be at most 250.')
      .optional(),
    weight_kg: z
      .number({ error: 'The weight kg must be a number.' })
      .min(30, 'The weight kg must be at least 30.')
      .max(300, 'The weight kg must be at most 300.')
      .optional(),
    occupation_class: z
      .union([z.string().trim().min(1).max(40), z.number().int().min(1).max(9)], { error: 'The occupation class must be a short text or a class number.' })
      .optional(),
    annual_income_sar: amount('annual income sar', 0).optional(),
    distribution_channel: z
      .string()
      .trim()
      .min(1, 'The distribution channel may not be empty.')
      .max(32, 'The distribution channel must be at most 32 characters.')
      .optional(),
    extra_fields: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine(
    ...crossFieldRules<{ sum_assured?: number; monthly_contribution?: number; target_premium?: number }>((v, ctx, fine) => {
      if (!fine('sum_assured', 'monthly_contribution', 'target_premium')) return;
      const budgets = (['sum_assured', 'monthly_contribution', 'target_premium'] as const).filter((k) => v[k] !== undefined);
      if (budgets.length === 0) ctx.addIssue({ code: 'custom', path: ['sum_assured'], message: 'Send sum_assured, monthly_contribution or target_premium.' });
      if (budgets.length > 1)
        ctx.addIssue({ code: 'custom', path: [budgets[1]], message: 'Send only one of sum_assured, monthly_contribution and target_premium.' });
    }),
  );

export type LifeOfferRequest = z.infer<typeof lifeOfferRequestSchema>;

/** Applicants are 18 to 65 on the day of the request (the sandbox insurers add their own age-at-maturity limits). */
export const LIFE_MIN_AGE = 18;
export const LIFE_MAX_AGE = 65;
