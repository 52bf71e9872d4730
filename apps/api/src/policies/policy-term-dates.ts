import { formatDate, parseDate } from '@lib/common';

const DAY_MS = 86_400_000;

/**
 * When a policy whose last day of cover is `endDate` (YYYY-MM-DD, inclusive: motor, TPL, travel, horse, life, medical)
 * ends: 00:00 UTC the day after, when its expiry fires.
 */
export function endsAfterLastDay(endDate: string): Date {
  return new Date(parseDate(endDate)!.getTime() + DAY_MS);
}

/** The bound a stored last day of cover must be below for the policy to have ended by `now` (`end_date < today`). */
export function lastDayBefore(now: Date): string {
  return formatDate(now);
}
