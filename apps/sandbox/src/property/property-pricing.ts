import Decimal from 'decimal.js';
import { money, type Money } from '@lib/common';
import type { WirePropertyRisk } from '@lib/providers';
import { BUILDING_TYPE_LOADING, CITY_LOADING, type PropertyInsurerProfile } from './property-insurers.data';

/** One percent of loading per five years of building age, at most 30. */
function ageLoadingPercent(age: number): number {
  return Math.min(30, Math.floor(age / 5));
}

/**
 * Net premium, deterministic: rates on the building and contents values, then loadings for the building
 * type, its age and the city, never below the insurer's minimum. Decimal throughout.
 */
export function pricePropertyRisk(insurer: PropertyInsurerProfile, risk: WirePropertyRisk): Money {
  const building = new Decimal(risk.property_cost ?? 0).times(insurer.buildingRatePermille).dividedBy(1000);
  const contents = new Decimal(risk.contents_cost ?? 0).times(insurer.contentsRatePermille).dividedBy(1000);
  const loading = new Decimal(BUILDING_TYPE_LOADING[risk.building_type]).plus(ageLoadingPercent(risk.building_age)).plus(CITY_LOADING[risk.city_name] ?? 0);
  const loaded = building.plus(contents).times(new Decimal(100).plus(loading)).dividedBy(100);
  return money(Decimal.max(loaded, insurer.minPremium));
}
