import { money } from '@lib/common';
import { addMonths, cancellationRefund } from './cancellation-refund';

const at = (s: string) => new Date(s);

describe('cancellationRefund', () => {
  const base = { paid: money('1200.00'), purchasedAt: at('2026-01-01T10:00:00Z'), coolingOffDays: 30, periodStart: at('2026-01-01T00:00:00Z'), periodEnd: at('2027-01-01T00:00:00Z') };

  it('refunds everything within the cooling-off period, up to its last millisecond', () => {
    expect(cancellationRefund({ ...base, now: at('2026-01-31T10:00:00Z') })).toMatchObject({ basis: 'cooling_off', amount: money('1200.00') });
    expect(cancellationRefund({ ...base, now: at('2026-01-31T10:00:00.001Z') }).basis).toBe('pro_rata');
  });

  it('refunds the unused days afterwards, with decimals rounded half-up', () => {
    const r = cancellationRefund({ ...base, now: at('2026-03-01T12:00:00Z') });
    expect(r).toMatchObject({ basis: 'pro_rata', unusedDays: 306, periodDays: 365 });
    expect(r.amount.toFixed(2)).toBe('1006.03'); // 1200 x 306 / 365 = 1006.0273...
    expect(cancellationRefund({ ...base, now: at('2027-02-01T00:00:00Z') }).amount.toFixed(2)).toBe('0.00');
  });

  it('adds months at month ends', () => {
    expect(addMonths(at('2026-01-31T00:00:00Z'), 1).toISOString().slice(0, 10)).toBe('2026-02-28');
    expect(addMonths(at('2026-11-15T00:00:00Z'), 3).toISOString().slice(0, 10)).toBe('2027-02-15');
  });
});
