import { halalasOf, halalasText } from '../money/halalas';
import { money, type Money } from '../money/money';
import { daysBetween, formatDate, parseDate } from '../time/formats';
import { addMonths } from '../time/months';

/**
 * The refund rules of a cancelled policy, for every family (docs/refund-rules.md lists which family uses which).
 *
 * One day-counting convention: a paid period is a run of calendar days (UTC dates, as policies store them)
 * from its first to its last covered day, both included. A cancellation takes effect on the day it is made,
 * so that day and every later day of the period are unused: cancelled before the first day, all of it is
 * unused; on the last day, one day is; after it, none.
 */
export interface CoverDays {
  /** First covered day, YYYY-MM-DD. */
  first: string;
  /** Last covered day, YYYY-MM-DD (included). */
  last: string;
}

export type RefundBasis = 'cooling_off' | 'before_start' | 'pro_rata';

export interface Refund {
  amount: Money;
  /** Which rule gave the amount (for the log). */
  basis: RefundBasis;
  /** Unused days of the period (all of them for a full refund). */
  unusedDays: number;
  periodDays: number;
}

export interface CoolingOff {
  /** When the customer paid: the period is counted from this instant. */
  paidAt: Date;
  /** Days of 24 hours (the partner API documents the period so). */
  days: number;
}

const DAY_MS = 86_400_000;

function day(date: string): Date {
  const d = parseDate(date);
  if (!d) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return d;
}

/**
 * The cover of `months` months from `first`: through the day before the same date `months` later, or, where
 * that date does not exist (the 31st, 29 February), through the end of that month. A year from 2028-02-29
 * runs through 2029-02-28, as the families' stored end dates have it.
 */
export function coverMonths(first: string, months: number): CoverDays {
  const start = day(first);
  const same = addMonths(start, months);
  const last = same.getUTCDate() === start.getUTCDate() ? new Date(same.getTime() - DAY_MS) : same;
  return { first, last: formatDate(last) };
}

/** Covered days of the period, both ends included. */
export function periodDays(period: CoverDays): number {
  const days = daysBetween(day(period.first), day(period.last)) + 1;
  if (days < 1) throw new RangeError(`a cover period ends before it starts: ${period.first} to ${period.last}`);
  return days;
}

/** Days of the period not used by a cancellation on `cancelledOn` (that day included), 0 to all of them. */
export function unusedDays(period: CoverDays, cancelledOn: string): number {
  const from = cancelledOn > period.first ? cancelledOn : period.first;
  return Math.min(periodDays(period), Math.max(0, daysBetween(day(from), day(period.last)) + 1));
}

/** The period has not started on `today`: a cancellation then uses none of it. */
export function startsAfter(period: CoverDays, today: string): boolean {
  return today < period.first;
}

/** `paid` x part / whole in whole halalas, rounded half-up, in exact integers (never floats). */
export function shareOf(paid: Money, part: number, whole: number): Money {
  if (!Number.isInteger(part) || !Number.isInteger(whole) || whole < 1 || part < 0 || part > whole) {
    throw new RangeError(`not a share: ${part} of ${whole}`);
  }
  const halalas = halalasOf(money(paid).toFixed(2));
  if (halalas === null) throw new RangeError(`not an amount to share: ${paid.toString()}`);
  const share = (BigInt(halalas) * BigInt(part) * 2n + BigInt(whole)) / (2n * BigInt(whole));
  return money(halalasText(Number(share)));
}

/** Everything paid comes back. */
function fullRefund(paid: Money, period: CoverDays, basis: RefundBasis): Refund {
  const days = periodDays(period);
  return { amount: money(paid), basis, unusedDays: days, periodDays: days };
}

/** Within the cooling-off period (up to `days` x 24 h after payment, that instant included) everything paid; else null. */
export function coolingOffRefund(paid: Money, period: CoverDays, coolingOff: CoolingOff, now: Date): Refund | null {
  return now.getTime() - coolingOff.paidAt.getTime() <= coolingOff.days * DAY_MS ? fullRefund(paid, period, 'cooling_off') : null;
}

/** Cancelled before the first covered day: everything paid (travel's only refund); from that day on, null. */
export function beforeStartRefund(paid: Money, period: CoverDays, cancelledOn: string): Refund | null {
  return startsAfter(period, cancelledOn) ? fullRefund(paid, period, 'before_start') : null;
}

/** The unused share: paid x unused days / period days, rounded half-up to the halala. */
export function proRataRefund(paid: Money, period: CoverDays, cancelledOn: string): Refund {
  const total = periodDays(period);
  const unused = unusedDays(period, cancelledOn);
  return { amount: shareOf(paid, unused, total), basis: 'pro_rata', unusedDays: unused, periodDays: total };
}

export interface CancellationRefundInput {
  /** What the customer paid for `period`. */
  paid: Money;
  period: CoverDays;
  /** The family's cooling-off period, if it has one. */
  coolingOff?: CoolingOff;
  /** The instant of the cancellation, on the policy's clock. */
  now: Date;
}

/**
 * The refund of a paid policy cancelled at `now`: everything within its cooling-off period, then everything
 * before the cover starts, then the unused days pro rata (nothing once the period is over).
 */
export function cancellationRefund(r: CancellationRefundInput): Refund {
  const today = formatDate(r.now);
  return (
    (r.coolingOff && coolingOffRefund(r.paid, r.period, r.coolingOff, r.now)) ??
    beforeStartRefund(r.paid, r.period, today) ??
    proRataRefund(r.paid, r.period, today)
  );
}
