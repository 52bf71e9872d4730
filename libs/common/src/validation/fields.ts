import { z } from './z';

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

/** An integer id in a path or query (`/policies/{id}`). */
export const intId = z.coerce.number().int().positive().max(2_147_483_647);

/** A boolean sent in a query string or a form field: true/false, 1/0, yes/no. */
export const looseBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes'),
]);

/** An email address, compared case-insensitively: one address belongs to one customer. */
export const emailField = z
  .string()
  .trim()
  .max(255)
  .pipe(z.email())
  .transform((v) => v.toLowerCase());
