/**
 * Saudi person and party identifiers. Each predicate takes `unknown` so it can guard raw input;
 * only strings pass (fields.ts turns JSON integers into strings first where clients send them).
 */

export type PersonIdKind = 'national' | 'iqama';

const PERSON_ID_RE = /^[12]\d{9}$/;

/** A Saudi national id (10 digits starting with 1) or an iqama, the resident id (starting with 2). */
export function isSaudiPersonId(value: unknown): value is string {
  return typeof value === 'string' && PERSON_ID_RE.test(value);
}

/** The first digit says who issued the id: 1 for citizens, 2 for residents. */
export function personIdKind(value: unknown): PersonIdKind | null {
  if (!isSaudiPersonId(value)) return null;
  return value.startsWith('1') ? 'national' : 'iqama';
}

/** A Saudi mobile in the local form the insurers take: 05 then eight digits. */
export function isSaudiMobile(value: unknown): value is string {
  return typeof value === 'string' && /^05\d{8}$/.test(value);
}

/** E.164-style number: + then country code and subscriber number, 10 to 15 digits in all. */
export function isInternationalPhone(value: unknown): value is string {
  return typeof value === 'string' && /^\+\d{10,15}$/.test(value);
}

/**
 * A company's commercial registration as the real medical service specifies it: 10 digits
 * starting with 7 (the unified "700" number). Older CR numbers starting 1-4 are left out on
 * purpose, to accept no more than that service does.
 */
export function isCommercialRegistration(value: unknown): value is string {
  return typeof value === 'string' && /^7\d{9}$/.test(value);
}

/** A resident's sponsor number. Sponsors may be people or establishments, so only the 10 digits are checked. */
export function isSponsorNumber(value: unknown): value is string {
  return typeof value === 'string' && /^\d{10}$/.test(value);
}
