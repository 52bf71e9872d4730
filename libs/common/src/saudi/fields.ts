import { parseDate } from '../time/formats';
import { digitString } from '../validation/fields';
import { z } from '../validation/z';
import { parseShortAddress } from './address';
import { HIJRI_MAX_YEAR, HIJRI_MIN_YEAR, hijriMonthLength } from './hijri';
import { ibanProblem } from './iban';
import { vinProblem } from './vin';

/**
 * Request-schema fields for Saudi values. Each takes the field's name in plain words (the
 * messages say "The owner id ...") and yields the value as a string. Messages are set here
 * rather than left to the project's generic ones because "format is invalid" tells a client
 * nothing about what a Saudi id or IBAN should look like.
 */

/** Ids are all digits and never start with 0, so clients may send them as JSON integers. */
export function personIdField(label: string) {
  return digitString(/^[12]\d{9}$/, `The ${label} must be 10 digits starting with 1 (national id) or 2 (iqama).`);
}

/**
 * A person or a company: a vehicle may be sold by a company, named by its unified number (10 digits
 * starting with 7), as the real service's own examples do for the current owner of a transfer.
 */
export function personOrCompanyIdField(label: string) {
  return digitString(/^[127]\d{9}$/, `The ${label} must be 10 digits starting with 1 (national id), 2 (iqama) or 7 (a company's unified number).`);
}

/** A string only: as a JSON integer the leading 0 of 05... would be lost. */
export function saudiMobileField(label = 'mobile') {
  return z.string().regex(/^05\d{8}$/, `The ${label} must be a Saudi mobile number: 10 digits starting with 05.`);
}

export function internationalPhoneField(label = 'phone') {
  return z.string().regex(/^\+\d{10,15}$/, `The ${label} must be an international number: + followed by 10 to 15 digits.`);
}

/** Checks shape and the mod-97 check digits, so a mistyped account number is caught before it reaches a bank. */
export function saudiIbanField(label = 'iban') {
  return z.string().superRefine((value, ctx) => {
    const problem = ibanProblem(value, label);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** Upper-cases first: a VIN is the same VIN in either case, and the insurers expect capitals. */
export function vinField(label = 'vin') {
  return z
    .string()
    .transform((v) => v.toUpperCase())
    .superRefine((value, ctx) => {
      const problem = vinProblem(value, label);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

export function shortAddressField(label = 'short address') {
  return z.string().transform((value, ctx) => {
    const parsed = parseShortAddress(value);
    if (parsed) return parsed.code;
    ctx.addIssue({ code: 'custom', message: `The ${label} must be four letters then four digits, like RRRC7866.` });
    return z.NEVER;
  });
}

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

function hijriDateProblem(value: string, label: string): string | null {
  const m = DATE_SHAPE.exec(value);
  if (!m) return `The ${label} must be a Hijri date in the form YYYY-MM-DD.`;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < HIJRI_MIN_YEAR || year > HIJRI_MAX_YEAR) {
    return `The ${label} must be a Hijri date from ${HIJRI_MIN_YEAR} to ${HIJRI_MAX_YEAR}.`;
  }
  if (month < 1 || month > 12) return `The ${label} must have a month from 01 to 12.`;
  const length = hijriMonthLength(year, month) ?? 0;
  if (day < 1 || day > length) {
    return `The ${label} is not a date in the Umm al-Qura calendar: ${m[1]}-${m[2]} has ${length} days.`;
  }
  return null;
}

/** An Umm al-Qura date; the month length comes from the official table, so 1446-01-30 is refused. */
export function hijriDateField(label = 'date') {
  return z.string().superRefine((value, ctx) => {
    const problem = hijriDateProblem(value, label);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

export function gregorianDateField(label = 'date') {
  return z.string().refine((value) => parseDate(value) !== null, {
    message: `The ${label} must be a real date in the form YYYY-MM-DD.`,
  });
}
