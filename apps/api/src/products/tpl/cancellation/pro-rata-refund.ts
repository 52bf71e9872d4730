import { money, Money } from '@lib/common';

const DAY_MS = 86_400_000;
const day = (d: string) => Date.parse(`${d}T00:00:00Z`);

/**
 * The unused share of the premium: price x days left / days of cover, both inclusive of their first day,
 * rounded to halalas. Nothing used before the start date (full refund); nothing left after the end date.
 */
export function proRataRefund(price: Money, startDate: string, endDate: string, today: string): Money {
  const total = (day(endDate) - day(startDate)) / DAY_MS + 1;
  const from = Math.max(day(today), day(startDate));
  const left = Math.max(0, (day(endDate) - from) / DAY_MS + 1);
  if (total <= 0) return money(0);
  return money(price).times(Math.min(left, total)).dividedBy(total).toDecimalPlaces(2);
}
