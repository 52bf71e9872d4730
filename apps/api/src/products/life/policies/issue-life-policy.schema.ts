import { crossFieldRules, gregorianDateField, personIdField, saudiIbanField, z } from '@lib/common';
import { LIFE_FREQUENCIES } from '@lib/providers';

export const RELATIONSHIPS = ['spouse', 'child', 'parent', 'sibling', 'other'] as const;

/**
 * POST /api/v1/life-snp/policies. The plan's terms (term, frequency, sum assured, premium, the applicant's
 * date of birth, gender, smoker) are the offer's and are not sent again: the real service's duplicated
 * fields could contradict the offer. `iban` is the payout account for refunds and claims, never charged.
 * The real service's issuance repeats the plan's terms (`date_of_birth`, `gender`, `smoker`,
 * `policy_term_years`, `premium_frequency`, `agreed_premium`, `sum_assured`) and asks a `start_date`:
 * they are accepted, each must equal the offer's (a 422 names the one that differs), and the start date
 * is honoured.
 */
export const issueLifePolicySchema = z
  .strictObject({
    offer_id: z.uuid({ error: 'The offer id must be the offer_id of an offer.' }),
    applicant_id: personIdField('applicant id'),
    beneficiaries: z
      .array(
        z.strictObject({
          name: z.string().trim().min(1, 'The beneficiary name is required.').max(100, 'The beneficiary name must be at most 100 characters.'),
          national_id: personIdField('beneficiary national id'),
          relationship: z.enum(RELATIONSHIPS, { error: `The relationship must be one of ${RELATIONSHIPS.join(', ')}.` }),
          share_percentage: z
            .number()
            .int('The share percentage must be a whole number.')
            .min(1, 'The share percentage must be at least 1.')
            .max(100, 'The share percentage must be at most 100.'),
        }),
      )
      .min(1, 'At least one beneficiary is required.')
      .max(10, 'At most 10 beneficiaries.'),
    iban: saudiIbanField('iban').optional(),
    date_of_birth: gregorianDateField('date of birth').optional(),
    gender: z.enum(['male', 'female'], { error: 'The gender must be male or female.' }).optional(),
    smoker: z.boolean({ error: 'The smoker field must be true or false.' }).optional(),
    policy_term_years: z.number({ error: 'The policy term years must be a whole number.' }).int('The policy term years must be a whole number.').optional(),
    premium_frequency: z.enum(LIFE_FREQUENCIES, { error: `The premium frequency must be one of ${LIFE_FREQUENCIES.join(', ')}.` }).optional(),
    agreed_premium: z.number({ error: 'The agreed premium must be a number.' }).min(50, 'The agreed premium must be at least 50.').optional(),
    sum_assured: z.number({ error: 'The sum assured must be a number.' }).optional(),
    start_date: gregorianDateField('start date').optional(),
    consent: z.literal(true, { error: "The consent must be true: the applicant accepts the offer's terms." }),
    extra_fields: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine(
    ...crossFieldRules<{ applicant_id: string; beneficiaries: { national_id: string; share_percentage: number }[] }>((v, ctx, fine) => {
      if (!fine('beneficiaries')) return;
      const total = v.beneficiaries.reduce((s, b) => s + b.share_percentage, 0);
      if (total !== 100)
        ctx.addIssue({
          code: 'custom',
          path: ['beneficiaries'],
          message: `The beneficiaries' share percentages must add up to 100 (they add up to ${total}).`,
        });
      const ids = v.beneficiaries.map((b) => b.national_id);
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['beneficiaries'], message: 'A beneficiary may appear only once.' });
      if (fine('applicant_id') && ids.includes(v.applicant_id))
        ctx.addIssue({ code: 'custom', path: ['beneficiaries'], message: 'The applicant cannot be a beneficiary.' });
    }),
  );

export type IssueLifePolicyInput = z.infer<typeof issueLifePolicySchema>;
