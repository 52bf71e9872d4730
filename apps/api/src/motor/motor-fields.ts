import { z } from '@lib/common';

/** An email address, compared case-insensitively: one address belongs to one customer. */
export const emailField = z
  .string()
  .trim()
  .max(255)
  .pipe(z.email())
  .transform((v) => v.toLowerCase());
