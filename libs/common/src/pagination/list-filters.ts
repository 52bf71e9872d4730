import { z } from 'zod';
import { parseDate } from '../time/formats';

/** A `YYYY-MM-DD` query parameter, as a UTC midnight. */
export function dayQuery(label: string) {
  return z
    .string()
    .refine((v) => parseDate(v) !== null, `The ${label} must be a date (YYYY-MM-DD).`)
    .transform((v) => parseDate(v)!);
}

/** `date_from` / `date_to`, inclusive days in UTC, as the real service's lists take them. */
export const dateRangeShape = {
  date_from: dayQuery('date from').optional(),
  date_to: dayQuery('date to').optional(),
};

/** The refinement every list with `dateRangeShape` adds: the range must not run backwards. */
export function dateRangeInOrder(q: { date_from?: Date; date_to?: Date }): boolean {
  return !q.date_from || !q.date_to || q.date_from <= q.date_to;
}
export const DATE_RANGE_ORDER = { path: ['date_to'], message: 'The date to must be on or after the date from.' };

/** The inclusive bounds of a day range: from the first day's midnight to the last instant of the last day. */
export function dayBounds(q: { date_from?: Date; date_to?: Date }): { from?: Date; to?: Date } {
  return { from: q.date_from, to: q.date_to ? new Date(q.date_to.getTime() + 86_400_000 - 1) : undefined };
}

/** `include_aggregates=true|false|1|0`: adds `aggregates` (over every row the filters match) to the page. */
export const includeAggregatesField = z
  .enum(['true', 'false', '1', '0'], { error: 'The include aggregates field must be true or false.' })
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** The aggregates of a list of quote requests: how many, and how many per month of creation (UTC). */
export interface CountAggregates {
  total_count: number;
  by_month: Record<string, number>;
}

/** The aggregates of a list of policies: how many and for how much, in all and per month. */
export interface PriceAggregates {
  total_count: number;
  total_price: number;
  by_month: Record<string, { count: number; total_price: number }>;
}
