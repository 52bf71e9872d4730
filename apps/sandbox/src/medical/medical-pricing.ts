import Decimal from 'decimal.js';
import type { MedicalRelationship, WireMedicalQuoteRequest } from '@lib/providers';
import type { MedicalInsurerProfile } from './medical-catalogue.data';

/** Share of the package price each member pays: children cost less, parents more (the sandbox's own rule). */
export const RELATIONSHIP_FACTORS: Record<MedicalRelationship, string> = { employee: '1', spouse: '1', child: '0.5', parent: '1.5' };
/** Adults from this age pay a loading. */
export const SENIOR_AGE = 60;
export const SENIOR_FACTOR = '1.3';

export function priceMember(insurer: MedicalInsurerProfile, m: WireMedicalQuoteRequest['members'][number]): string {
  let price = new Decimal(insurer.packages[m.category].price).mul(RELATIONSHIP_FACTORS[m.relationship]);
  if (m.relationship !== 'child' && m.age >= SENIOR_AGE) price = price.mul(SENIOR_FACTOR);
  return price.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
