import { parseDate } from '../time';
import { parseHijriDate } from './hijri';
import { personIdKind } from './identity';

/** The oldest a person may be, by date of birth. */
const MAX_AGE_YEARS = 120;

/**
 * Birthdate of a person id: Hijri (Umm al-Qura) for a national id (starting 1), Gregorian for an
 * iqama (starting 2). Returns the Gregorian date, or a message.
 */
export function birthdateOf(personId: string, value: string, today: Date): { date: Date } | { error: string } {
  const kind = personIdKind(personId);
  const date = kind === 'national' ? (parseHijriDate(value)?.gregorian ?? null) : parseDate(value);
  if (!date) {
    return {
      error:
        kind === 'national'
          ? 'must be a valid Hijri (Umm al-Qura) date YYYY-MM-DD for a national id'
          : 'must be a valid Gregorian date YYYY-MM-DD for an iqama id',
    };
  }
  if (date >= today) return { error: 'must be in the past' };
  if (today.getUTCFullYear() - date.getUTCFullYear() > MAX_AGE_YEARS) return { error: `may not be more than ${MAX_AGE_YEARS} years ago` };
  return { date };
}
