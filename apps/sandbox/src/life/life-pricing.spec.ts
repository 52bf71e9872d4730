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

  it('prices the riders asked for: none costs less, accidental death and the waiver more, and the benefits follow', () => {
    const premium = (riders?: Parameters<typeof priceLifePlan>[1]['riders']) => {
      const priced = priceLifePlan(summit, { ...risk, riders }, now);
      if (!priced.ok) throw new Error(priced.reason);
      return priced.offer;
    };
    const standard = premium();
    expect(premium(['critical_illness', 'total_permanent_disability']).premium).toBe(standard.premium);
    expect(standard.riders_included).toEqual(['critical_illness', 'total_permanent_disability']);
    const bare = premium([]);
    // 300000 x (0.00085 x 2.62 + 0.03) / 12 = 805.675
    expect(bare.premium).toBe('805.68');
    expect(bare.benefits).toEqual({ death: '300000.00', critical_illness: '0.00', disability: '0.00' });
    const full = premium(['accidental_death', 'critical_illness', 'total_permanent_disability', 'waiver_of_premium']);
    // 300000 x (0.00085 x 2.62 x 1.6 + 0.03) x 1.04 / 12 = 872.6432
    expect(full.premium).toBe('872.64');
    expect(full.benefits.accidental_death).toBe('300000.00');
    expect(full.riders_included).toEqual(['accidental_death', 'critical_illness', 'total_permanent_disability', 'waiver_of_premium']);
  });
});
