import { findLifePlan } from './life-products.data';
import { priceLifePlan } from './life-pricing';

const now = new Date('2026-11-22T09:00:00.000Z');
const risk = { age: 36, gender: 'male' as const, smoker: false, term_years: 20, premium_frequency: 'monthly' as const, sum_assured: '300000.00' };

describe('priceLifePlan', () => {
  const summit = findLifePlan('summit')!;

  it('prices from age, term, smoker and sum assured, in decimals', () => {
    const priced = priceLifePlan(summit, risk, now);
    if (!priced.ok) throw new Error(priced.reason);
    // 300000 x (0.00085 x 2.62 x 1.5 + 0.03) / 12 = 833.5125
    expect(priced.offer).toMatchObject({ premium: '833.51', annual_premium: '10002.12', sum_assured: '300000.00', assumed_growth_rate_percent: '4.00' });
    expect(priced.offer.benefits).toEqual({ death: '300000.00', critical_illness: '120000.00', disability: '300000.00' });
    // 9000 saved a year at 4 %: after 5 years 9000 x 1.04 x (1.04^5 - 1) / 0.04 = 50696.78
    expect(priced.offer.projected_values[0]).toEqual({ year: 5, value: '50696.78' });
    expect(priced.offer.valid_until).toBe('2026-11-23T09:00:00+00:00');
  });

  it('loads smokers and declines plans maturing past the age limit', () => {
    const smoker = priceLifePlan(summit, { ...risk, smoker: true }, now);
    expect(smoker.ok && smoker.offer.premium).toBe('908.67');
    expect(priceLifePlan(summit, { ...risk, age: 50 }, now)).toEqual({ ok: false, reason: 'The plan must mature by age 65.' });
  });

  it('buys the sum assured a contribution pays for', () => {
    const priced = priceLifePlan(summit, { ...risk, sum_assured: undefined, monthly_contribution: '1000.00' }, now);
    if (!priced.ok) throw new Error(priced.reason);
    // 12000 / 0.0333405 = 359922.62 -> 359900
    expect(priced.offer.sum_assured).toBe('359900.00');
  });
});
