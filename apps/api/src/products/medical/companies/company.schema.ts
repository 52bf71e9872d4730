import { emailField, z } from '@lib/common';
import { isCommercialRegistration, isSponsorNumber } from '@lib/common/saudi';

export const COMPANY_SIZES = ['micro', 'small', 'medium'] as const;

const text = (label: string, max = 255) =>
  z
    .string({ error: `The ${label} is required.` })
    .trim()
    .min(1, `The ${label} is required.`)
    .max(max, `The ${label} may not be longer than ${max} characters.`);

export const createCompanySchema = z.strictObject({
  name: text('name'),
  name_ar: text('name ar').refine((v) => /[\u0600-\u06FF]/.test(v), 'The name ar must be written in Arabic.'),
  commercial_registration_number: z
    .string({ error: 'The commercial registration number is required.' })
    .refine(isCommercialRegistration, 'The commercial registration number must be 10 digits starting with 7.'),
  sponsor_number: z.string({ error: 'The sponsor number is required.' }).refine(isSponsorNumber, 'The sponsor number must be 10 digits.'),
  unified_national_number: z
    .string({ error: 'The unified national number is required.' })
    .regex(/^7\d{9}$/, 'The unified national number must be 10 digits starting with 7.'),
  email_address: emailField,
  phone_number: z
    .string({ error: 'The phone number is required.' })
    .regex(/^(05\d{8}|\+9665\d{8})$/, 'The phone number must be a Saudi mobile: 05XXXXXXXX or +9665XXXXXXXX.'),
  // Not among the real service's fields: optional.
  city: text('city', 100).optional(),
  size: z.enum(COMPANY_SIZES, { error: `The size must be one of: ${COMPANY_SIZES.join(', ')}.` }).optional(),
});
export type CreateCompanyInput = z.output<typeof createCompanySchema>;
