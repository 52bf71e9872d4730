import Decimal from 'decimal.js';
import { daysBetween, money, type Money } from '@lib/common';

export interface RefundInput {
  /** What the customer paid for the current period. */
  paid: Money;
  purchasedAt: Date;
  coolingOffDays: number;
  /** The paid period, as dates (cover starts on the purchase day). */
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}

export interface Refund {
  amount: Money;
  basis: 'cooling_off' | 'pro_rata';
  /** Unused whole days of the paid period (pro-rata only). */
  unusedDays: number;
  periodDays: number;
}

/**
 * Within the cooling-off period (counted from payment, `coolingOffDays` x 24 h) everything paid comes back.
 * After it, the unused share of the paid period: paid x unused days / period days, rounded half-up to
 * the halala, never negative.
 */
export function cancellationRefund(r: RefundInput): Refund {
  const periodDays = Math.max(1, daysBetween(r.periodStart, r.periodEnd));
  if (r.now.getTime() - r.purchasedAt.getTime() <= r.coolingOffDays * 86_400_000) {
    return { amount: money(r.paid), basis: 'cooling_off', unusedDays: periodDays, periodDays };
  }
  const unusedDays = Math.min(periodDays, Math.max(0, daysBetween(r.now, r.periodEnd)));
  return { amount: money(new Decimal(r.paid.toString()).times(unusedDays).dividedBy(periodDays)), basis: 'pro_rata', unusedDays, periodDays };
}

/** `date` plus whole months, clamped to the month's end (2026-01-31 + 1 month = 2026-02-28). */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(date.getUTCDate(), last)));
}
