/** ISO 3779: 17 characters, capital letters and digits, never I, O or Q (they read as 1 and 0). */
const VIN_RE = /^[A-HJ-NPR-Z0-9]{17}$/;

/** Position weights for the North-American check digit (position 9, weight 0, is the digit itself). */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** Letter values of the check-digit transliteration; the gaps (I, O, Q) are letters VINs never use. */
const LETTER_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};

const charValue = (ch: string) => LETTER_VALUES[ch] ?? Number(ch);

/** Whether position 9 holds the check digit computed from the other sixteen (10 is written X). */
export function vinCheckDigitValid(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const vin = value.toUpperCase();
  if (!VIN_RE.test(vin)) return false;
  const sum = [...vin].reduce((acc, ch, i) => acc + charValue(ch) * WEIGHTS[i], 0);
  const remainder = sum % 11;
  return vin[8] === (remainder === 10 ? 'X' : String(remainder));
}

/**
 * Only VINs for North America (world maker codes starting 1-5) must carry the check digit; others
 * may hold any character at position 9, so checking them would refuse real cars.
 */
function needsCheckDigit(vin: string): boolean {
  return vin[0] >= '1' && vin[0] <= '5';
}

/** Why `value` is not a VIN, as a sentence naming the field, or null when it is one. Case does not matter. */
export function vinProblem(value: unknown, field = 'vin'): string | null {
  if (typeof value !== 'string') return `The ${field} must be a 17-character vehicle identification number.`;
  const vin = value.toUpperCase();
  if (vin.length !== 17) return `The ${field} must be exactly 17 characters (it has ${vin.length}).`;
  if (/[IOQ]/.test(vin)) return `The ${field} may not contain the letters I, O or Q.`;
  if (!VIN_RE.test(vin)) return `The ${field} may contain only letters and digits.`;
  if (needsCheckDigit(vin) && !vinCheckDigitValid(vin)) return `The ${field} failed its check digit (character 9).`;
  return null;
}

export function isValidVin(value: unknown): value is string {
  return vinProblem(value) === null;
}
