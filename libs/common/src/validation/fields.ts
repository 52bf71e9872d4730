import { fieldLabel, z } from './z';

/**
 * A string of digits that clients may also send as a JSON integer (the real service's clients do);
 * always handed on, and echoed, as a string.
 */
export function digitString(pattern: RegExp, message: string) {
  return z
    .union([z.string(), z.number().int().nonnegative()])
    .transform((v) => String(v))
    .pipe(z.string().regex(pattern, message));
}

/** The largest value of the database's `integer`: ids and counts past it cannot exist. */
export const MAX_INT4 = 2_147_483_647;

/**
 * A whole number as a JSON integer or as a string of decimal digits (query strings, path segments, form fields,
 * ids that clients send as JSON strings: "42"), and nothing else: `true`, `[1]`, `"0x1"`, `" 1 "`, `"1e3"`,
 * `"1.0"` and `""` are refused, where `z.coerce.number()` would read them as numbers.
 */
export function wholeNumber(min: number, max: number) {
  const message = (iss: { path?: PropertyKey[]; input?: unknown }) =>
    `The ${fieldLabel(iss.path)} ${iss.input === undefined ? 'field is required' : 'must be a whole number written in digits'}.`;
  return z
    .union([z.int().min(min).max(max), z.string().regex(/^\d{1,16}$/, { error: message })], { error: message })
    .transform(Number)
    .pipe(z.int().min(min).max(max));
}

/** Every numeric id, in a path (`/policies/{id}`), a query or a body (`company_id`): 1 to MAX_INT4. */
export const intId = wholeNumber(1, MAX_INT4);

/** A boolean sent in a query string or a form field: true/false, 1/0, yes/no. */
export const looseBoolean = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes')]);

/** An email address, compared case-insensitively: one address belongs to one customer. */
export const emailField = z
  .string()
  .trim()
  .max(255)
  .pipe(z.email())
  .transform((v) => v.toLowerCase());
