import { crossFieldRules, gregorianDateField, personIdField, saudiMobileField, z } from '@lib/common';
import { HORSE_USES } from '@lib/providers';

export const HORSE_SEXES = ['male', 'female', 'gelding'] as const;

/** The sum insured when none is sent (the real service's form has no value field); shown as `horse.value`. */
export const DEFAULT_HORSE_VALUE = 50_000;

const yesNoDetail = (label: string) => z.string().trim().max(1000, `The ${label} must be at most 1000 characters.`).optional();

/** The horse's history, as the real service's form asks it: every answer optional. */
const horseHistory = z.strictObject({
  purchased: z.boolean({ error: 'The purchased field must be yes or no.' }).optional(),
  purchase_date: gregorianDateField('purchase date').optional(),
  purchase_place: z.string().trim().max(200, 'The purchase place must be at most 200 characters.').optional(),
  did_participate: z.boolean({ error: 'The did participate field must be yes or no.' }).optional(),
  participation_details: yesNoDetail('participation details'),
  has_abortion: z.boolean({ error: 'The has abortion field must be yes or no.' }).optional(),
  abortion_details: yesNoDetail('abortion details'),
  has_embryo_transfers: z.boolean({ error: 'The has embryo transfers field must be yes or no.' }).optional(),
  embryo_transfers_details: yesNoDetail('embryo transfers details'),
  recipient_or_donor: z.string().trim().max(100, 'The recipient or donor field must be at most 100 characters.').optional(),
});

/**
 * POST /api/v1/horse/policies as JSON: two objects, `horse` and `owner`, as motor and property take JSON.
 * The real service's flat multipart form is read into the same shape (horse-policy-form.ts). A horse is
 * identified by its microchip (15 digits, ISO 11784) or its passport number (UELN, 15 letters or digits).
 */
export const createHorsePolicySchema = z.strictObject({
  horse: z
    .strictObject({
      name: z.string().trim().min(1, 'The horse name is required.').max(100, 'The horse name must be at most 100 characters.'),
      breed: z.string().trim().min(2, 'The breed is required.').max(60, 'The breed must be at most 60 characters.'),
      date_of_birth: gregorianDateField('date of birth'),
      sex: z.enum(HORSE_SEXES, { error: `The sex must be one of ${HORSE_SEXES.join(', ')}.` }),
      color: z.string().trim().min(1).max(40).optional(),
      use: z.enum(HORSE_USES, { error: `The use must be one of ${HORSE_USES.join(', ')}.` }),
      microchip_number: z
        .string()
        .regex(/^\d{15}$/, 'The microchip number must be 15 digits.')
        .optional(),
      passport_number: z
        .string()
        .regex(/^[A-Z0-9]{15}$/, 'The passport number must be a UELN: 15 capital letters or digits.')
        .optional(),
      value: z
        .number({ error: 'The value must be a number.' })
        .min(5000, 'The value must be at least 5000.')
        .max(100_000_000, 'The value must be at most 100000000.')
        .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'The value may have at most two decimals.')
        .default(DEFAULT_HORSE_VALUE),
      history: horseHistory.optional(),
    })
    .superRefine(
      ...crossFieldRules<{ microchip_number?: string; passport_number?: string }>((h, ctx, fine) => {
        if (fine('microchip_number', 'passport_number') && !h.microchip_number && !h.passport_number)
          ctx.addIssue({ code: 'custom', path: ['microchip_number'], message: 'Send the microchip number or the passport number.' });
      }),
    ),
  owner: z.strictObject({
    name: z.string().trim().min(1, 'The owner name is required.').max(100, 'The owner name must be at most 100 characters.'),
    id: personIdField('owner id').optional(),
    email: z.email({ error: 'The owner email must be a valid email address.' }).max(255),
    phone: saudiMobileField('owner phone'),
  }),
  declaration: z.literal(true, { error: 'The declaration must be true: the owner confirms the horse is healthy and the answers are true.' }),
  extra_fields: z.record(z.string(), z.unknown()).optional(),
});

export type CreateHorsePolicyInput = z.infer<typeof createHorsePolicySchema>;
