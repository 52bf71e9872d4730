import { parseDate } from '@lib/common';
import { proRataRefund, termEnd } from './policy-term';

const d = (s: string) => parseDate(s)!;

describe('property policy term and pro-rata refund', () => {
  it('runs one year, 365 or 366 days', () => {
    expect(termEnd(d('2026-12-01')).toISOString().slice(0, 10)).toBe('2027-12-01');
    expect(proRataRefund('100', d('2027-03-01'), termEnd(d('2027-03-01')), d('2027-03-01')).termDays).toBe(366);
    expect(termEnd(d('2028-02-29')).toISOString().slice(0, 10)).toBe('2029-03-01');
  });

  it('refunds everything before the start and on the start day', () => {
    const start = d('2026-12-01');
    const r = proRataRefund('1150.00', start, termEnd(start), d('2026-11-25'));
    expect(r).toMatchObject({ unusedDays: 365, termDays: 365 });
    expect(r.amount.toFixed(2)).toBe('1150.00');
    expect(proRataRefund('1150.00', start, termEnd(start), start).amount.toFixed(2)).toBe('1150.00');
  });

  it('refunds the unused days, rounded half-up to the halala, with decimals', () => {
    const start = d('2026-12-01');
    // 100 days used: 265 unused of 365; 462.88 x 265 / 365 = 336.0635... -> 336.06
    const r = proRataRefund('462.88', start, termEnd(start), d('2027-03-11'));
    expect(r).toMatchObject({ unusedDays: 265, termDays: 365 });
    expect(r.amount.toFixed(2)).toBe("336.06");
  });

  it('refunds nothing after the end', () => {
    const start = d('2026-12-01');
    expect(proRataRefund('462.88', start, termEnd(start), d('2028-01-01')).amount.toFixed(2)).toBe('0.00');
  });
});
