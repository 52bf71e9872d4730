import Decimal from 'decimal.js';
import { money, type Money } from '@lib/common';
import type { CoverType, FixType, WireQuoteRequest } from '@lib/providers';
import type { BenefitOffer, InsurerProfile } from '../insurers/insurer-profile';

export interface PricedOffer {
  type: CoverType;
  fixType: FixType;
  labelEn: string;
  labelAr: string;
  /** The insurer's own valuation, when it makes one. */
  valuation: Money | null;
  prices: { deductible: number | null; netPremium: Money }[];
  benefits: BenefitOffer[];
}

export type DeclineCode = 'owner_under_age' | 'driver_under_age' | 'value_above_cap' | 'no_product_for_vehicle';

export type PricingResult = { status: 'quoted'; offers: PricedOffer[] } | { status: 'declined'; reasonCode: DeclineCode; reason: { en: string; ar: string } };

const MIN_OWNER_AGE = 18;
const ONE = new Decimal(1);

/** Young and elderly drivers claim more; the loading is weighted by how much each one drives. */
function driverAgeLoading(age: number): Decimal {
  if (age < 25) return new Decimal('1.45');
  if (age < 30) return new Decimal('1.20');
  if (age < 60) return ONE;
  if (age < 70) return new Decimal('1.10');
  return new Decimal('1.30');
}

/** Heavier and passenger-carrying bodies cause costlier third-party claims. Unknown (sequence-number cars) prices as a car. */
const BODY_TYPE_TPL_LOADING: Record<number, string> = { 4: '1.10', 5: '1.12', 10: '1.08', 11: '1.20', 12: '1.35', 13: '1.80', 14: '1.50', 15: '2.10' };

function percent(p: string): Decimal {
  return new Decimal(p).dividedBy(100);
}

/** The discount a deductible earns: rises with the deductible, with diminishing returns. */
function deductibleDiscount(deductible: number): Decimal {
  return new Decimal('0.30').times(deductible).dividedBy(deductible + 3000);
}

/**
 * Prices one insurer's motor products for a risk. Pure: the same request always gives the same
 * prices (no clock, no randomness); vehicle age is counted from the policy start year.
 */
export function priceMotorRisk(insurer: InsurerProfile, request: WireQuoteRequest): PricingResult {
  const startYear = Number(request.start_date.slice(0, 4));
  const vehicleAge = Math.max(0, startYear - request.vehicle.model_year);
  const value = new Decimal(request.vehicle.estimated_value);

  if (request.owner.age < MIN_OWNER_AGE) {
    return decline('owner_under_age', `The owner must be at least ${MIN_OWNER_AGE}.`, `يجب ألا يقل عمر المالك عن ${MIN_OWNER_AGE} سنة.`);
  }
  if (request.drivers.some((d) => d.age < insurer.minDriverAge)) {
    return decline('driver_under_age', `Every driver must be at least ${insurer.minDriverAge}.`, `يجب ألا يقل عمر كل سائق عن ${insurer.minDriverAge} سنة.`);
  }
  if (value.greaterThan(insurer.valueCap)) {
    return decline(
      'value_above_cap',
      `Vehicles worth more than SAR ${insurer.valueCap} need manual underwriting.`,
      `المركبات التي تزيد قيمتها عن ${insurer.valueCap} ريال تحتاج إلى اكتتاب يدوي.`,
    );
  }

  const driverFactor = request.drivers.reduce((acc, d) => acc.plus(driverAgeLoading(d.age).times(d.driving_percentage).dividedBy(100)), new Decimal(0));
  // A new owner has no claims history with the insurer yet.
  const transferFactor = request.is_ownership_transfer ? new Decimal('1.05') : ONE;
  const riskFactor = driverFactor.times(transferFactor);
  const benefitsFor = (type: CoverType) => insurer.benefits.filter((b) => b.covers.includes(type));
  const offers: PricedOffer[] = [];

  const comp = insurer.comprehensive;
  if (comp && vehicleAge <= comp.maxAgeYears) {
    const valuation = insurer.valuationPercent === null ? null : value.times(percent(insurer.valuationPercent)).dividedBy(100).floor().times(100);
    const priced = valuation ?? value;
    const vehicleAgeFactor = ONE.plus(new Decimal('0.02').times(vehicleAge));
    const base = Decimal.max(priced.times(percent(comp.ratePercent)).times(vehicleAgeFactor).times(riskFactor), comp.minPremium);
    const variants: { fixType: FixType; factor: Decimal }[] = [{ fixType: 'workshop', factor: ONE }];
    if (vehicleAge <= comp.agencyMaxAgeYears) variants.unshift({ fixType: 'Agency', factor: ONE.plus(percent(comp.agencyLoadingPercent)) });
    for (const { fixType, factor } of variants) {
      offers.push({
        type: 'Comprehensive',
        fixType,
        labelEn: `${comp.en}${fixType === 'Agency' ? ' (Agency repair)' : ''}`,
        labelAr: `${comp.ar}${fixType === 'Agency' ? ' (إصلاح وكالة)' : ''}`,
        valuation: valuation === null ? null : money(valuation),
        prices: [...comp.deductibles]
          .sort((a, b) => a - b)
          .map((deductible) => ({ deductible, netPremium: money(base.times(factor).times(ONE.minus(deductibleDiscount(deductible)))) })),
        benefits: benefitsFor('Comprehensive'),
      });
    }
  }

  if (insurer.tpl) {
    const bodyLoading = new Decimal(BODY_TYPE_TPL_LOADING[request.vehicle.body_type_code ?? 0] ?? '1');
    const tplPremium = new Decimal(insurer.tpl.basePremium).times(riskFactor).times(bodyLoading);
    offers.push(tplOffer('TPL', insurer.tpl, money(tplPremium), benefitsFor('TPL')));
    if (insurer.tplPlus) {
      offers.push(tplOffer('TPL +', insurer.tplPlus, money(tplPremium.times(ONE.plus(percent(insurer.tplPlus.loadingPercent)))), benefitsFor('TPL +')));
    }
  }

  if (offers.length === 0) {
    return decline('no_product_for_vehicle', 'No product covers a vehicle of this age.', 'لا يوجد منتج يغطي مركبة بهذا العمر.');
  }
  return { status: 'quoted', offers };
}

function tplOffer(type: CoverType, label: { en: string; ar: string }, premium: Money, benefits: BenefitOffer[]): PricedOffer {
  return { type, fixType: '', labelEn: label.en, labelAr: label.ar, valuation: null, prices: [{ deductible: null, netPremium: premium }], benefits };
}

function decline(reasonCode: DeclineCode, en: string, ar: string): PricingResult {
  return { status: 'declined', reasonCode, reason: { en, ar } };
}
