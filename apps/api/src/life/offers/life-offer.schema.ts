import { gregorianDateField, personIdField, z } from '@lib/common';
import { LIFE_FREQUENCIES } from '@lib/providers';

const amount = (label: string, min: number) =>
  z
    .number({ error: `The ${label} must be a number.` })
    .min(min, `The ${label} must be at least ${min}.`)
    .max(100_000_000, `The ${label} must be at most 100000000.`)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `The ${label} may have at most two decimals.`);

/**
 * POST /api/v1/life-snp/offers. Exactly one of `sum_assured` (the cover wanted) or `monthly_contribution`
 * (the budget; the insurer works out the cover it buys). `monthly_contribution` replaces the real service's
 * `target_premium`, whose period depended on `premium_frequency`.
 */
export const lifeOfferRequestSchema = z
  .strictObject({
    applicant_id: personIdField('applicant id'),
    date_of_birth: gregorianDateField('date of birth'),
    gender: z.enum(['male', 'female'], { error: 'The gender must be male or female.' }),
    smoker: z.boolean({ error: 'The smoker field must be true or false.' }),
    policy_term_years: z.number({ error: 'The policy term years must be a whole number.' }).int('The policy term years must be a whole number.').min(5, 'The policy term years must be at least 5.').max(40, 'The policy term years must be at most 40.'),
    premium_frequency: z.enum(LIFE_FREQUENCIES, { error: `The premium frequency must be one of ${LIFE_FREQUENCIES.join(', ')}.` }),
    sum_assured: amount('sum assured', 10_000).optional(),
    monthly_contribution: amount('monthly contribution', 50).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.sum_assured === undefined && v.monthly_contribution === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sum_assured'], message: 'Send sum_assured or monthly_contribution.' });
    }
    if (v.sum_assured !== undefined && v.monthly_contribution !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['monthly_contribution'], message: 'Send sum_assured or monthly_contribution, not both.' });
    }
  });

export type LifeOfferRequest = z.infer<typeof lifeOfferRequestSchema>;

/** Applicants are 18 to 65 on the day of the request (the sandbox insurers add their own age-at-maturity limits). */
export const LIFE_MIN_AGE = 18;
export const LIFE_MAX_AGE = 65;

