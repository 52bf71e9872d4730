import { emailField, ISO_COUNTRY_CODES, z } from '@lib/common';
import { gregorianDateField, internationalPhoneField, personIdField } from '@lib/common/saudi';
import { TRAVEL_DURATIONS } from '@lib/providers';
import { EXCLUDED_NATIONALITIES, MAX_TRAVELLERS } from '../travel-products';

const NATIONALITIES = ISO_COUNTRY_CODES.filter((c) => !(EXCLUDED_NATIONALITIES as readonly string[]).includes(c));

/** `+9665...`, or the local `05...` form, stored as `+966...`. */
const phoneField = z
  .string()
  .trim()
  .transform((v) => (/^05\d{8}$/.test(v) ? `+966${v.slice(1)}` : v))
  .pipe(internationalPhoneField('phone number'));

const travellerSchema = z.strictObject({
  nationality: z
    .string({ error: 'The nationality field is required.' })
    .transform((v) => v.toUpperCase())
    .pipe(
      z.enum(NATIONALITIES as [string, ...string[]], {
        error: 'The nationality must be an ISO 3166-1 alpha-2 country code (such as SA or EG); AX, BQ, CW, IL, SZ and TF are not accepted.',
      }),
    ),
  full_name: z
    .string({ error: 'The full name field is required.' })
    .trim()
    .regex(/^[A-Za-z][A-Za-z' .-]{1,99}$/, 'The full name must be written as in the passport, in Latin letters (2 to 100 characters).'),
  passport_number: z
    .string({ error: 'The passport number field is required.' })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{6,9}$/, 'The passport number must be 6 to 9 letters or digits, like G12345678.')),
  gender: z
    .string({ error: 'The gender field is required.' })
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['m', 'f'], { error: 'The gender must be m or f.' })),
  date_of_birth: gregorianDateField('date of birth'),
  relation: z
    .string({ error: 'The relation field is required.' })
    .trim()
    .min(1, 'The relation field is required.')
    .max(50, 'The relation may not be greater than 50 characters.'),
  passport_expiry_date: gregorianDateField('passport expiry date'),
});

/**
 * The real service's quote request, field for field. Rules that depend on today (start date, ages, passport
 * validity after the trip) are checked by `travelQuoteProblems` so that every problem is reported at once.
 */
export const travelQuoteSchema = z.strictObject({
  nationality_id: personIdField('nationality id'),
  phone_number: phoneField,
  email: emailField,
  multi_entry: z.boolean({ error: 'The multi entry field must be true or false.' }),
  duration: z
    .number({ error: `The duration must be one of ${TRAVEL_DURATIONS.join(', ')} (days).` })
    .int()
    .refine((d) => (TRAVEL_DURATIONS as readonly number[]).includes(d), `The duration must be one of ${TRAVEL_DURATIONS.join(', ')} (days).`)
    .nullish(),
  start_date: gregorianDateField('start date'),
  date_of_birth: gregorianDateField('date of birth'),
  travellers: z
    .array(travellerSchema, { error: 'The travellers field is required.' })
    .min(1, 'At least one traveller is required.')
    .max(MAX_TRAVELLERS, `At most ${MAX_TRAVELLERS} travellers may be insured on one policy.`),
});

export type TravelQuoteInput = z.infer<typeof travelQuoteSchema>;
export type TravellerInput = TravelQuoteInput['travellers'][number];
