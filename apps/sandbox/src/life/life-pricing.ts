import Decimal from 'decimal.js';
import { amountString, formatDateTimeOffset } from '@lib/common';
import type { LifeRider, WireLifeOffer, WireLifeQuoteRequest } from '@lib/providers';
import type { LifePlan } from './life-products.data';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const INSTALMENTS = { monthly: 12, quarterly: 4, semi_annual: 2, annual: 1 } as const;
const pct = (v: string) => new D(v).dividedBy(100);
/** What a plan carries when no riders are asked for. */
export const STANDARD_RIDERS: readonly LifeRider[] = ['critical_illness', 'total_permanent_disability'];
/** Shares of the plan's rider loading: critical illness 60 %, disability 40 %; accidental death costs 10 % of the death cover. */
const CI_SHARE = '0.6';
const TPD_SHARE = '0.4';
const ACCIDENTAL_DEATH_LOADING = '0.10';
/** Waiving premiums on disability costs 4 % on top of the whole premium. */
const WAIVER_LOADING = '0.04';

export type LifePricing = { ok: true; offer: Omit<WireLifeOffer, 'reference'> } | { ok: false; reason: string };

/**
 * Deterministic plan pricing: the same risk always gets the same numbers. Yearly cost per riyal of sum
 * assured = protection (death rate by age, smoker loading, riders) + savings (a share of sum assured
 * spread over the term), the waiver of premium on top. A monthly contribution buys the sum assured it
 * can pay for, rounded down to 100.
 */
export function priceLifePlan(plan: LifePlan, risk: WireLifeQuoteRequest, now: Date): LifePricing {
  if (risk.age + risk.term_years > plan.maxAgeAtMaturity) {
    return { ok: false, reason: `The plan must mature by age ${plan.maxAgeAtMaturity}.` };
  }
  let rate = new D(plan.baseRatePerMille).dividedBy(1000).times(new D(1).plus(pct(plan.agePercent).times(risk.age - 18)));
  if (risk.smoker) rate = rate.times(new D(1).plus(pct(plan.smokerLoadingPercent)));
  const riders = new Set<LifeRider>(risk.riders ?? STANDARD_RIDERS);
  const riderLoading = pct(plan.riderLoadingPercent);
  const loading = new D(0)
    .plus(riders.has('critical_illness') ? riderLoading.times(CI_SHARE) : 0)
    .plus(riders.has('total_permanent_disability') ? riderLoading.times(TPD_SHARE) : 0)
    .plus(riders.has('accidental_death') ? ACCIDENTAL_DEATH_LOADING : 0);
  const protectionPerRiyal = rate.times(new D(1).plus(loading));
  const savingsPerRiyal = pct(plan.savingsSharePercent).dividedBy(risk.term_years);
  const perRiyal = protectionPerRiyal.plus(savingsPerRiyal).times(riders.has('waiver_of_premium') ? new D(1).plus(WAIVER_LOADING) : 1);

  const sumAssured = risk.sum_assured
    ? new D(risk.sum_assured)
    : new D(risk.monthly_contribution!).times(12).dividedBy(perRiyal).dividedToIntegerBy(100).times(100);
  if (sumAssured.lessThan(plan.minSumAssured)) return { ok: false, reason: `The sum assured must be at least ${plan.minSumAssured} SAR.` };
  if (sumAssured.greaterThan(plan.maxSumAssured)) return { ok: false, reason: `The sum assured must be at most ${plan.maxSumAssured} SAR.` };

  const n = INSTALMENTS[risk.premium_frequency];
  const premium = sumAssured.times(perRiyal).dividedBy(n).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const annualSavings = sumAssured.times(savingsPerRiyal);
  const growth = pct(plan.growthPercent);
  const projected: Array<{ year: number; value: string }> = [];
  let value = new D(0);
  for (let year = 1; year <= risk.term_years; year++) {
    value = value.plus(annualSavings).times(new D(1).plus(growth));
    if (year % 5 === 0 || year === risk.term_years) projected.push({ year, value: amountString(value) });
  }
  return {
    ok: true,
    offer: {
      product_name: plan.productEn,
      product_name_ar: plan.productAr,
      sum_assured: amountString(sumAssured),
      premium: amountString(premium),
      annual_premium: amountString(premium.times(n)),
      benefits: {
        death: amountString(sumAssured),
        critical_illness: amountString(riders.has('critical_illness') ? sumAssured.times(pct(plan.criticalIllnessPercent)) : 0),
        disability: amountString(riders.has('total_permanent_disability') ? sumAssured : 0),
        ...(riders.has('accidental_death') ? { accidental_death: amountString(sumAssured) } : {}),
      },
      riders_included: [...riders].sort(),
      assumed_growth_rate_percent: new D(plan.growthPercent).toFixed(2),
      projected_values: projected,
      valid_until: formatDateTimeOffset(new Date(now.getTime() + plan.validityHours * 3_600_000)),
    },
  };
}
