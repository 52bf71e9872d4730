import { amountNumber, formatDateTimeOffset } from '@lib/common';
import type { LifeOffer } from '@lib/db/generated/prisma/client';
import type { LifeOfferOut } from './life-offer.response';

type Benefits = { death: string; critical_illness: string; disability: string; accidental_death?: string };
type ApplicantDetails = NonNullable<LifeOfferOut['applicant_details']>;
type Projected = Array<{ year: number; value: string }>;

/** One offer as the partner sees it: amounts are JSON numbers with two decimals, `valid_until` an offset datetime as motor's quote_expiry_date. */
export function presentLifeOffer(o: LifeOffer): LifeOfferOut {
  const benefits = o.benefits as Benefits;
  const projected = o.projectedValues as Projected;
  return {
    offer_id: o.id,
    insurer: o.insurerName,
    insurer_ar: o.insurerNameAr,
    product_name: o.productName,
    sum_assured: amountNumber(o.sumAssured.toString()),
    premium: amountNumber(o.premium.toString()),
    premium_frequency: o.premiumFrequency as LifeOfferOut['premium_frequency'],
    annual_premium: amountNumber(o.annualPremium.toString()),
    policy_term_years: o.termYears,
    benefits: {
      death: amountNumber(benefits.death),
      critical_illness: amountNumber(benefits.critical_illness),
      disability: amountNumber(benefits.disability),
      ...(benefits.accidental_death ? { accidental_death: amountNumber(benefits.accidental_death) } : {}),
    },
    riders_included: o.ridersIncluded as LifeOfferOut['riders_included'],
    projected_savings: {
      assumed_growth_rate_percent: amountNumber(o.growthRatePercent.toString()),
      values: projected.map((p) => ({ year: p.year, value: amountNumber(p.value) })),
    },
    maturity_benefit: projected.length ? amountNumber(projected[projected.length - 1].value) : 0,
    notes: `Projected savings assume ${o.growthRatePercent.toFixed(2)} % growth a year and are not guaranteed; the death benefit is paid in full at any time during the term.`,
    applicant_details: (o.applicantDetails as ApplicantDetails | null) ?? null,
    valid_until: formatDateTimeOffset(o.expiresAt),
  };
}
