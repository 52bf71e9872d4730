import { formatDate, type CoverDays } from '@lib/common';

const DAY_MS = 86_400_000;

/** A property policy covers one year: from the start date up to (not including) the same date a year later. */
export function termEnd(start: Date): Date {
  // 29 February: the term ends on 1 March of the next year
  return new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth(), start.getUTCDate()));
}

/**
 * The covered days of a property policy for the refund rules. Property's `end_date` is the day its cover stops
 * (not covered, as `termEnd` sets it and the insurer is told), unlike the other families' last covered day;
 * the refund counts the same days either way.
 */
export function coverDays(policy: { startDate: Date; endDate: Date }): CoverDays {
  return { first: formatDate(policy.startDate), last: formatDate(new Date(policy.endDate.getTime() - DAY_MS)) };
}
