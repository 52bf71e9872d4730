import { money } from '@lib/common';
import { proRataRefund } from './pro-rata-refund';

describe('proRataRefund', () => {
  const price = money('977.50');
  it('refunds everything before the cover starts', () => {
    expect(proRataRefund(price, '2026-11-23', '2027-11-22', '2026-11-22').toFixed(2)).toBe('977.50');
    expect(proRataRefund(price, '2026-11-23', '2027-11-22', '2026-11-23').toFixed(2)).toBe('977.50');
  });
  it('refunds the unused days, rounded to halalas', () => {
    expect(proRataRefund(price, '2026-11-23', '2027-11-22', '2027-01-22').toFixed(2)).toBe('816.82');
    expect(proRataRefund(price, '2026-11-23', '2027-11-22', '2027-11-22').toFixed(2)).toBe('2.68');
  });
  it('refunds nothing after the cover ended', () => {
    expect(proRataRefund(price, '2026-11-23', '2027-11-22', '2027-11-23').toFixed(2)).toBe('0.00');
  });
});
