import Decimal from 'decimal.js';
import { daysBetween, money, type Money } from '@lib/common';

/** A property policy covers one year: from the start date up to (not including) the same date a year later. */
export function termEnd(start: Date): Date {
  const end = new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth(), start.getUTCDate()));
  // 29 February: the term ends on 1 March of the next year
  return end;
}

export interface ProRataRefund {
  amount: Money;
  unusedDays: number;
  termDays: number;
}

/**
 * Pro-rata refund of a paid premium: premium x unused days / term days, rounded half-up to the halala.
 * The cancellation takes effect on the day it is made, so that day and the rest of the term are unused;
 * before the start date the whole term is unused, after the end nothing is.
 */
export function proRataRefund(premium: Decimal.Value, start: Date, end: Date, cancelledOn: Date): ProRataRefund {
  const termDays = daysBetween(start, end);
  const used = Math.min(termDays, Math.max(0, daysBetween(start, cancelledOn)));
  const unusedDays = termDays - used;
  return { amount: money(new Decimal(premium).times(unusedDays).dividedBy(termDays)), unusedDays, termDays };
}
