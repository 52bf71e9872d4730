import { UMM_AL_QURA_MONTH_STARTS as STARTS } from './umm-al-qura-month-starts';

/** Hijri years the Umm al-Qura table covers; outside them no official date exists to convert to. */
export const HIJRI_MIN_YEAR = 1356;
export const HIJRI_MAX_YEAR = 1500;

export interface HijriDate {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;
/** Modified Julian Day of 1970-01-01, to turn table entries into UTC instants and back. */
const MJD_UNIX_EPOCH = 40_587;

const mjdToDate = (mjd: number) => new Date((mjd - MJD_UNIX_EPOCH) * DAY_MS);

/** First and last Gregorian days (UTC midnight) that have an Umm al-Qura date: 1937-03-14 and 2077-11-16. */
export const HIJRI_MIN_GREGORIAN = mjdToDate(STARTS[0]);
export const HIJRI_MAX_GREGORIAN = mjdToDate(STARTS[STARTS.length - 1] - 1);

const isWhole = (n: number) => Number.isInteger(n);

function monthIndex(year: number, month: number): number | null {
  if (!isWhole(year) || !isWhole(month) || month < 1 || month > 12) return null;
  if (year < HIJRI_MIN_YEAR || year > HIJRI_MAX_YEAR) return null;
  return (year - HIJRI_MIN_YEAR) * 12 + month - 1;
}

/** 29 or 30 (Umm al-Qura months follow the moon, so either length can occur in any month); null out of range. */
export function hijriMonthLength(year: number, month: number): number | null {
  const i = monthIndex(year, month);
  return i === null ? null : STARTS[i + 1] - STARTS[i];
}

/** The Gregorian day (UTC midnight) of an Umm al-Qura date, or null when that date does not exist. */
export function hijriToGregorian(year: number, month: number, day: number): Date | null {
  const i = monthIndex(year, month);
  if (i === null || !isWhole(day) || day < 1 || day > STARTS[i + 1] - STARTS[i]) return null;
  return mjdToDate(STARTS[i] + day - 1);
}

/**
 * The Umm al-Qura date of the UTC calendar day of `date` (dates here are UTC midnights, as
 * parseDate gives them), or null outside the table.
 */
export function gregorianToHijri(date: Date): HijriDate | null {
  const ms = date.getTime();
  if (Number.isNaN(ms)) return null;
  const mjd = Math.floor(ms / DAY_MS) + MJD_UNIX_EPOCH;
  if (mjd < STARTS[0] || mjd >= STARTS[STARTS.length - 1]) return null;
  // The last month start on or before the day; the table is sorted, so halve the search each step.
  let lo = 0;
  let hi = STARTS.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (STARTS[mid] <= mjd) lo = mid;
    else hi = mid - 1;
  }
  return { year: HIJRI_MIN_YEAR + Math.floor(lo / 12), month: (lo % 12) + 1, day: mjd - STARTS[lo] + 1 };
}

const HIJRI_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A strict 'YYYY-MM-DD' Umm al-Qura date (rejecting 1446-01-30: Muharram 1446 had 29 days) with its Gregorian day. */
export function parseHijriDate(value: unknown): (HijriDate & { gregorian: Date }) | null {
  if (typeof value !== 'string') return null;
  const m = HIJRI_RE.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const gregorian = hijriToGregorian(year, month, day);
  return gregorian ? { year, month, day, gregorian } : null;
}

export function isValidHijriDate(value: unknown): boolean {
  return parseHijriDate(value) !== null;
}

/** 'YYYY-MM-DD' of an Umm al-Qura date, the shape parseHijriDate reads. */
export function formatHijriDate({ year, month, day }: HijriDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
