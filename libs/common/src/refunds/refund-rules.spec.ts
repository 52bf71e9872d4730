import { money } from '../money/money';
import { beforeStartRefund, cancellationRefund, coolingOffRefund, coverMonths, periodDays, proRataRefund, shareOf, type CoverDays } from './refund-rules';

const YEAR: CoverDays = { first: '2026-12-01', last: '2027-11-30' };
/** A leap-year term: 29 February 2028 is its first day. */
const LEAP_START: CoverDays = { first: '2028-02-29', last: '2029-02-28' };
/** A term with 29 February 2028 as its last day. */
const LEAP_END: CoverDays = { first: '2027-03-01', last: '2028-02-29' };

describe('the pro-rata refund: the cancellation day and the days after it are unused', () => {
  it.each([
    // period, paid, cancelled on, unused days, period days, amount
    ['before the start', YEAR, '1150.00', '2026-11-25', 365, 365, '1150.00'],
    ['on the start day', YEAR, '1150.00', '2026-12-01', 365, 365, '1150.00'],
    ['on the second day', YEAR, '1150.00', '2026-12-02', 364, 365, '1146.85'], // 1146.849...
    ['100 days in', YEAR, '462.88', '2027-03-11', 265, 365, '336.06'], // 336.0635...
    ['on the last day', YEAR, '1150.00', '2027-11-30', 1, 365, '3.15'], // 3.1506...
    ['the day after the end', YEAR, '1150.00', '2027-12-01', 0, 365, '0.00'],
    ['a year after the end', YEAR, '1150.00', '2028-12-01', 0, 365, '0.00'],
    ['leap term, on 29 February (its start day)', LEAP_START, '366.00', '2028-02-29', 366, 366, '366.00'],
    ['leap term, the day after 29 February', LEAP_START, '366.00', '2028-03-01', 365, 366, '365.00'],
    ['leap term, on its last day', LEAP_START, '366.00', '2029-02-28', 1, 366, '1.00'],
    ['term ending 29 February, on 28 February', LEAP_END, '366.00', '2028-02-28', 2, 366, '2.00'],
    ['term ending 29 February, on 29 February', LEAP_END, '366.00', '2028-02-29', 1, 366, '1.00'],
    ['term ending 29 February, on 1 March', LEAP_END, '366.00', '2028-03-01', 0, 366, '0.00'],
    ['TPL dates (end inclusive), two months in', { first: '2026-11-23', last: '2027-11-22' }, '977.50', '2027-01-22', 305, 365, '816.82'],
    ['TPL dates (end inclusive), on the last day', { first: '2026-11-23', last: '2027-11-22' }, '977.50', '2027-11-22', 1, 365, '2.68'],
  ])('%s', (_, period, paid, on, unused, days, amount) => {
    const r = proRataRefund(money(paid), period, on);
    expect({ basis: r.basis, unusedDays: r.unusedDays, periodDays: r.periodDays, amount: r.amount.toFixed(2) }).toEqual({
      basis: 'pro_rata',
      unusedDays: unused,
      periodDays: days,
      amount,
    });
  });
});

describe('rounding to the halala: half-up, in exact integers', () => {
  it.each([
    // paid, part, whole, share
    ['0.01', 1, 2, '0.01'], // 0.005 exactly: up
    ['0.03', 1, 2, '0.02'], // 0.015 exactly: up
    ['0.05', 1, 10, '0.01'], // 0.005 exactly: up
    ['0.04', 1, 10, '0.00'], // 0.004: down
    ['1.00', 2, 3, '0.67'],
    ['1.00', 1, 3, '0.33'],
    ['1200.00', 306, 365, '1006.03'], // 1006.0273...
    ['999999999999.99', 364, 365, '997260273972.59'], // 997260273972.5928...: beyond a float's exact halalas
    ['100.00', 0, 365, '0.00'],
    ['100.00', 365, 365, '100.00'],
  ])('%s x %i / %i = %s', (paid, part, whole, expected) => {
    expect(shareOf(money(paid), part, whole).toFixed(2)).toBe(expected);
  });

  it('refuses what is not a share', () => {
    expect(() => shareOf(money('1.00'), 4, 3)).toThrow(RangeError);
    expect(() => shareOf(money('1.00'), 1, 0)).toThrow(RangeError);
    expect(() => shareOf(money('-1.00'), 1, 2)).toThrow(RangeError);
  });
});

describe('the cooling-off refund: days of 24 hours from the payment instant', () => {
  const paidAt = new Date('2026-01-01T10:00:00Z');
  const period: CoverDays = { first: '2026-01-01', last: '2026-12-31' };
  it.each([
    ['at payment', '2026-01-01T10:00:00.000Z', 'cooling_off'],
    ['early on the last day inside', '2026-01-31T00:00:00.000Z', 'cooling_off'],
    ['the last instant inside (30 x 24 h)', '2026-01-31T10:00:00.000Z', 'cooling_off'],
    ['the first instant outside', '2026-01-31T10:00:00.001Z', null],
    ['the first whole day outside', '2026-02-01T00:00:00.000Z', null],
  ])('%s', (_, now, basis) => {
    const r = coolingOffRefund(money('1200.00'), period, { paidAt, days: 30 }, new Date(now));
    expect(r?.basis ?? null).toBe(basis);
    if (r) expect([r.amount.toFixed(2), r.unusedDays, r.periodDays]).toEqual(['1200.00', 365, 365]);
  });
});

describe('the full refund before the start (travel)', () => {
  const trip: CoverDays = { first: '2027-03-01', last: '2027-03-08' };
  it.each([
    ['the day before the trip', '2027-02-28', '92.00'],
    ['weeks before', '2027-01-10', '92.00'],
    ['the first day of the trip', '2027-03-01', null],
    ['during the trip', '2027-03-05', null],
  ])('%s', (_, on, amount) => {
    const r = beforeStartRefund(money('92.00'), trip, on);
    expect(r?.amount.toFixed(2) ?? null).toBe(amount);
    if (r) expect([r.basis, r.unusedDays, r.periodDays]).toEqual(['before_start', 8, 8]);
  });
});

describe('a cancellation refund: cooling-off first, then before the start, then pro rata', () => {
  const period: CoverDays = { first: '2026-01-01', last: '2026-12-31' };
  const paid = money('1200.00');
  const coolingOff = { paidAt: new Date('2026-01-01T10:00:00Z'), days: 30 };
  it.each([
    ['within cooling-off', { coolingOff, now: '2026-01-31T10:00:00Z' }, 'cooling_off', '1200.00'],
    ['after cooling-off', { coolingOff, now: '2026-03-01T12:00:00Z' }, 'pro_rata', '1006.03'],
    ['without cooling-off, before the start', { coolingOff: undefined, now: '2025-12-31T23:59:59Z' }, 'before_start', '1200.00'],
    ['without cooling-off, on the start day', { coolingOff: undefined, now: '2026-01-01T00:00:00Z' }, 'pro_rata', '1200.00'],
    ['after the end', { coolingOff, now: '2027-02-01T00:00:00Z' }, 'pro_rata', '0.00'],
  ])('%s', (_, at, basis, amount) => {
    const r = cancellationRefund({ paid, period, coolingOff: at.coolingOff, now: new Date(at.now) });
    expect([r.basis, r.amount.toFixed(2)]).toEqual([basis, amount]);
  });
});

describe('periods', () => {
  it.each([
    ['2026-12-01', 12, '2027-11-30', 365],
    ['2027-03-01', 12, '2028-02-29', 366],
    ['2028-02-29', 12, '2029-02-28', 366],
    ['2026-01-31', 1, '2026-02-28', 29],
    ['2026-01-28', 1, '2026-02-27', 31],
    ['2026-03-31', 1, '2026-04-30', 31],
    ['2026-11-15', 3, '2027-02-14', 92],
    ['2026-08-31', 6, '2027-02-28', 182],
  ])('%s plus %i months runs through %s (%i days)', (first, months, last, days) => {
    const period = coverMonths(first, months);
    expect([period.last, periodDays(period)]).toEqual([last, days]);
  });

  it('refuses a period that ends before it starts, or a date that is not one', () => {
    expect(() => periodDays({ first: '2027-01-02', last: '2027-01-01' })).toThrow(RangeError);
    expect(() => periodDays({ first: '2027-02-30', last: '2027-03-01' })).toThrow(RangeError);
  });
});
