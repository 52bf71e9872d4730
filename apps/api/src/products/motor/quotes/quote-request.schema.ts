import { crossFieldRules, daysBetween, digitString, emailField, formatDate, parseDate, z } from '@lib/common';
import { birthdateOf, personIdField, personIdKind, personOrCompanyIdField, saudiMobileField } from '@lib/common/saudi';
import { findBodyType, findMaker, findModel } from '@lib/vehicles';

const DRIVING_SHARES = [25, 50, 75, 100] as const;

/** An integer sent as a JSON number or a string of digits. */
const code = (label: string) =>
  z
    .union([z.number(), z.string().regex(/^\d+$/, `The ${label} must be an integer.`).transform(Number)])
    .pipe(z.number().int(`The ${label} must be an integer.`).positive());

const driverSchema = z.strictObject({
  owner_id: personIdField('owner id'),
  birthdate: z.string(),
  driving_percentage: z.union(DRIVING_SHARES.map((p) => z.literal(p)) as [z.ZodLiteral<25>, z.ZodLiteral<50>, z.ZodLiteral<75>, z.ZodLiteral<100>], {
    error: 'The driving percentage must be one of 25, 50, 75, 100.',
  }),
});

const baseSchema = z.strictObject({
  otp: z.string().regex(/^\d{4}$/, 'The otp must be 4 digits.'),
  owner_id: personIdField('owner id'),
  email: emailField,
  birthdate: z.string(),
  phone: saudiMobileField('phone'),
  car_sequence_number: digitString(/^\d{8,9}$/, 'The car sequence number must be 8 or 9 digits.').optional(),
  custom_number: digitString(/^\d{6,10}$/, 'The custom number must be 6 to 10 digits.').optional(),
  maker_code: code('maker code').optional(),
  model_code: code('model code').optional(),
  body_type_code: code('body type code').optional(),
  is_ownership_transfer: z.boolean().default(false),
  current_car_owner_id: personOrCompanyIdField('current car owner id').optional(),
  car_estimated_cost: z
    .number()
    .positive('The car estimated cost must be greater than 0.')
    .max(10_000_000, 'The car estimated cost may not be greater than 10000000.')
    .refine(
      (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      'The car estimated cost may have at most 2 decimals.',
    ),
  car_model_year: z.number().int('The car model year must be an integer.').optional(),
  start_date: z.string().optional(),
  drivers: z.array(driverSchema).min(1, 'The drivers must have at least 1 item.').max(10, 'The drivers may not have more than 10 items.').optional(),
});

export type QuoteRequestInput = z.output<typeof baseSchema> & { car_model_year: number };

type Issue = (path: (string | number)[], message: string) => void;

/** The vehicle is named by its sequence number, or by a custom number with its maker, model and body type from the lookups. */
function vehicleRules(b: z.output<typeof baseSchema>, issue: Issue): void {
  const hasSequence = b.car_sequence_number !== undefined;
  const hasCustom = b.custom_number !== undefined;
  if (hasSequence && hasCustom) issue(['custom_number'], 'Send either car_sequence_number or custom_number, not both.');
  if (!hasSequence && !hasCustom) issue(['car_sequence_number'], 'The car sequence number field is required when custom number is not present.');
  if (hasCustom) {
    for (const f of ['maker_code', 'model_code', 'body_type_code'] as const) {
      if (b[f] === undefined) issue([f], `The ${f.replace(/_/g, ' ')} field is required with a custom number.`);
    }
    if (b.maker_code !== undefined && !findMaker(b.maker_code)) issue(['maker_code'], 'The selected maker code is invalid.');
    else if (b.maker_code !== undefined && b.model_code !== undefined && !findModel(b.maker_code, b.model_code)) {
      issue(['model_code'], 'The model code does not belong to the maker code.');
    }
    if (b.body_type_code !== undefined && !findBodyType(b.body_type_code)) issue(['body_type_code'], 'The selected body type code is invalid.');
  } else {
    for (const f of ['maker_code', 'model_code', 'body_type_code'] as const) {
      if (b[f] !== undefined) issue([f], `The ${f.replace(/_/g, ' ')} is only sent with a custom number.`);
    }
  }
}

function schemaFor(day: string) {
  const today = parseDate(day)!;
  const nextYear = today.getUTCFullYear() + 1;
  return baseSchema
    .superRefine(
      ...crossFieldRules<z.output<typeof baseSchema>>((b, ctx, fine) => {
        const issue: Issue = (path, message) => ctx.addIssue({ code: 'custom', path, message });

        // the calendar of the birthdate follows the id; an invalid id is already reported
        const birth = fine('owner_id', 'birthdate') && personIdKind(b.owner_id) ? birthdateOf(b.owner_id, b.birthdate, today) : { date: today };
        if ('error' in birth) issue(['birthdate'], `The birthdate ${birth.error}.`);

        // a malformed vehicle field is named by its own schema
        if (fine('car_sequence_number', 'custom_number', 'maker_code', 'model_code', 'body_type_code')) vehicleRules(b, issue);

        const ownership = fine('is_ownership_transfer', 'current_car_owner_id', 'owner_id');
        if (ownership && b.is_ownership_transfer && !b.current_car_owner_id)
          issue(['current_car_owner_id'], 'The current car owner id field is required when is ownership transfer is true.');
        if (ownership && !b.is_ownership_transfer && b.current_car_owner_id && b.current_car_owner_id !== b.owner_id) {
          issue(['current_car_owner_id'], 'The current car owner id must equal the owner id when is ownership transfer is false.');
        }

        if (fine('car_model_year') && b.car_model_year !== undefined && (b.car_model_year < 1950 || b.car_model_year > nextYear)) {
          issue(['car_model_year'], `The car model year must be between 1950 and ${nextYear}.`);
        }

        if (fine('start_date') && b.start_date !== undefined) {
          const start = parseDate(b.start_date);
          if (!start) issue(['start_date'], 'The start date must be a valid date YYYY-MM-DD.');
          else {
            const days = daysBetween(today, start);
            if (days < 1 || days >= 28) issue(['start_date'], 'The start date must be after today and before 28 days from today.');
          }
        }

        if (fine('drivers', 'owner_id') && b.drivers) {
          const sum = b.drivers.reduce((s, d) => s + d.driving_percentage, 0);
          if (sum !== 100) issue(['drivers'], `The driving percentages must add up to 100 (they add up to ${sum}).`);
          if (!b.drivers.some((d) => d.owner_id === b.owner_id)) issue(['drivers'], 'The owner must be one of the drivers.');
          const seen = new Set<string>();
          b.drivers.forEach((d, i) => {
            if (seen.has(d.owner_id)) issue(['drivers', i, 'owner_id'], 'The same driver appears twice.');
            seen.add(d.owner_id);
            const db = personIdKind(d.owner_id) ? birthdateOf(d.owner_id, d.birthdate, today) : { date: today };
            if ('error' in db) issue(['drivers', i, 'birthdate'], `The birthdate ${db.error}.`);
          });
        }
      }),
    )
    .transform((b): QuoteRequestInput => ({ ...b, car_model_year: b.car_model_year ?? today.getUTCFullYear() }));
}

let built: { day: string; schema: ReturnType<typeof schemaFor> } | undefined;

/** The request-quotes rules, including those that depend on today's date: built once per day (UTC), not per request. */
export function quoteRequestSchema(now: Date) {
  const day = formatDate(now);
  if (built?.day !== day) built = { day, schema: schemaFor(day) };
  return built.schema;
}

/** For the OpenAPI document only. */
export const quoteRequestDocSchema = baseSchema;
