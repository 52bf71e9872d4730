/** A Saudi IBAN: SA, two check digits, then the 2-digit bank code and 18-digit account, 24 characters in all. */
const SAUDI_IBAN_LENGTH = 24;

/**
 * ISO 7064 MOD 97-10 over the IBAN as ISO 13616 defines it: country and check digits moved to the
 * end, letters as 10..35. Folding one character at a time keeps every intermediate below 10,000, so
 * plain integers stay exact (the whole number has 26 digits, past what a double holds exactly).
 */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = parseInt(ch, 36);
    remainder = value < 10 ? (remainder * 10 + value) % 97 : (remainder * 100 + value) % 97;
  }
  return remainder;
}

/** Why `value` is not a Saudi IBAN, as a sentence naming the field, or null when it is one. */
export function ibanProblem(value: unknown, field = 'iban'): string | null {
  if (typeof value !== 'string' || value === '') {
    return `The ${field} must be a valid Saudi IBAN: SA followed by 22 digits.`;
  }
  if (!value.startsWith('SA')) return `The ${field} must be a Saudi IBAN, starting with SA and followed by 22 digits.`;
  if (!/^\d*$/.test(value.slice(2))) return `The ${field} must have only digits after SA, with no spaces.`;
  if (value.length !== SAUDI_IBAN_LENGTH) {
    return `The ${field} must be SA followed by exactly 22 digits (it has ${value.length - 2}).`;
  }
  if (mod97(value) !== 1) return `The ${field} failed its check digits.`;
  return null;
}

export function isValidSaudiIban(value: unknown): value is string {
  return ibanProblem(value) === null;
}

/** Keeps the country, check digits and last three digits, enough for a person to recognise their account. */
export function maskIban(value: string): string {
  if (value.length <= 7) return '*'.repeat(value.length);
  return value.slice(0, 4) + '*'.repeat(value.length - 7) + value.slice(-3);
}
