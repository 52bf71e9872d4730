import { amountField, daysBetween, formatDate, parseDate, z } from '@lib/common';
import { gregorianDateField, hasArabicLetters, internationalPhoneField, isArabicScriptText, saudiIbanField } from '@lib/common/saudi';
import { BUILDING_TYPES, findPropertyCity, PROPERTY_CITIES } from '@lib/providers';
import { SUPPORTED_NATIONALITIES } from '../nationalities';

/** Required text: trimmed, not empty, at most `max`. */
const text = (label: string, max: number) =>
  z
    .string({ error: `The ${label} field is required and must be a string.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);

/** A whole number of at least 0, sent as a JSON number. */
const nonNegativeInt = (label: string) =>
  z
    .number({ error: `The ${label} must be an integer.` })
    .int(`The ${label} must be an integer.`)
    .min(0, `The ${label} must be at least 0.`)
    .max(1_000_000, `The ${label} may not be greater than 1000000.`);

const cityField = z.string({ error: 'The city name field is required.' }).transform((v, ctx) => {
  const city = findPropertyCity(v);
  if (city) return city;
  ctx.addIssue({ code: 'custom', message: `The city name must be one of the supported cities: ${PROPERTY_CITIES.join(', ')}.` });
  return z.NEVER;
});

const buildingType = z.enum(BUILDING_TYPES, { error: `The building type must be one of: ${BUILDING_TYPES.join(', ')}.` });

export const buildingDetailsSchema = z.strictObject(
  {
    building_age: nonNegativeInt('building age'),
    building_type: buildingType,
    apartment_size: nonNegativeInt('apartment size'),
  },
  { error: 'The building details field is required and must be an object.' },
);

const addressSchema = z.strictObject(
  {
    street_name: text('street name', 255),
    building_number: text('building number', 50),
    district_name: text('district name', 255),
    city_name: cityField,
    additional_number: text('additional number', 20),
    zip_code: text('zip code', 20),
    unit_number: text('unit number', 20),
  },
  { error: 'The address field is required and must be an object.' },
);

const personalDetailsSchema = (today: Date) =>
  z.strictObject(
    {
      name: text('name', 255).refine((v) => !hasArabicLetters(v), 'The name must be the English name, without Arabic letters.'),
      name_ar: text('name ar', 255).refine((v) => isArabicScriptText(v), 'The name ar must be written in Arabic script.'),
      gender: z.enum(['M', 'F'], { error: 'The gender must be M or F.' }),
      email: text('email', 255)
        .pipe(z.email('The email must be a valid email address.'))
        .transform((v) => v.toLowerCase()),
      phone_number: internationalPhoneField('phone number'),
      birthdate: gregorianDateField('birthdate').refine((v) => {
        const d = parseDate(v);
        return !d || d < today;
      }, 'The birthdate must be in the past.'),
      nationality: z.enum(SUPPORTED_NATIONALITIES, { error: 'The nationality must be a supported ISO 3166-1 alpha-2 country code, such as SA.' }),
      nationality_id: z
        .union([z.string(), z.number().int().nonnegative()], { error: 'The nationality id field is required.' })
        .transform((v) => String(v).trim())
        .pipe(
          z
            .string()
            .min(1, 'The nationality id field is required.')
            .max(20, 'The nationality id may not be greater than 20 characters.')
            .regex(/^[A-Za-z0-9]+$/, 'The nationality id may only hold letters and digits.'),
        ),
    },
    { error: 'The personal details field is required and must be an object.' },
  );

/** Laravel's "accepted" as the spec words it: true, 1 or yes. */
const ACCEPTED = new Set<unknown>([true, 1, '1', 'yes', 'true']);
/** How far ahead a policy may start (the spec says only "tomorrow or later"). */
export const MAX_START_DAYS_AHEAD = 365;

/**
 * Every rule, with those that depend on today and on the configured issuance providers. Each rule sits on
 * its field so one answer names every failing field; the one cross-field rule (a cost) runs even when
 * other fields failed (`when`).
 */
export function issuePropertyPolicySchema(now: Date, allowedProviders: readonly string[]) {
  const today = parseDate(formatDate(now))!;
  return z
    .strictObject({
      insurance_provider: z
        .string({ error: 'The insurance provider field cannot be empty.' })
        .trim()
        .min(1, 'The insurance provider field cannot be empty.')
        .max(32)
        .refine(
          (v) => allowedProviders.includes(v),
          `The selected insurance provider is invalid: policies can only be issued with ${allowedProviders.join(', ')}.`,
        ),
      personal_details: personalDetailsSchema(today),
      building_details: buildingDetailsSchema,
      address: addressSchema,
      property_cost: amountField('property cost').nullish(),
      contents_cost: amountField('contents cost').nullish(),
      iban: saudiIbanField('iban'),
      start_date: z.string({ error: 'The start date field is required.' }).superRefine((v, ctx) => {
        const start = parseDate(v);
        if (!start) ctx.addIssue({ code: 'custom', message: 'The start date must be a valid date YYYY-MM-DD.' });
        else if (daysBetween(today, start) < 1) ctx.addIssue({ code: 'custom', message: 'The start date must be tomorrow or later.' });
        // no insurer prices cover that starts years ahead (year 9999 ran the end date out of the calendar: a 500)
        else if (daysBetween(today, start) > MAX_START_DAYS_AHEAD)
          ctx.addIssue({ code: 'custom', message: `The start date may be at most ${MAX_START_DAYS_AHEAD} days from today.` });
      }),
      has_agreed_to_terms_and_conditions: z
        .unknown()
        .refine((v) => ACCEPTED.has(v), 'The has agreed to terms and conditions must be accepted (true, 1 or yes).'),
      redirect_url: z
        .url({ protocol: /^https?$/, error: 'The redirect url must be an http or https URL.' })
        .max(2048)
        .optional(),
    })
    .superRefine(
      (b, ctx) => {
        if (b.property_cost == null && b.contents_cost == null) {
          ctx.addIssue({ code: 'custom', path: ['property_cost'], message: 'The property cost field is required when contents cost is not present.' });
          ctx.addIssue({ code: 'custom', path: ['contents_cost'], message: 'The contents cost field is required when property cost is not present.' });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    );
}

export type IssuePropertyPolicyInput = z.output<ReturnType<typeof issuePropertyPolicySchema>>;

/** For the OpenAPI document only (the rules on today and the configured provider are described in words). */
export const issuePropertyPolicyDocSchema = issuePropertyPolicySchema(new Date(0), ['dune']);
