import type { BuildingType, PropertyCity } from '@lib/providers';
import { findInsurer } from '../insurers/insurer-catalogue.data';

/**
 * The sandbox insurers that also sell home cover (fictional, like the motor catalogue; the names come
 * from there). Rates are per mille of the insured amount, net of VAT.
 */
export interface PropertyInsurerProfile {
  code: string;
  buildingRatePermille: string;
  contentsRatePermille: string;
  minPremium: string;
  coverages: string[];
}

export const PROPERTY_INSURERS: readonly PropertyInsurerProfile[] = [
  {
    code: 'dune',
    buildingRatePermille: '0.55',
    contentsRatePermille: '2.10',
    minPremium: '350.00',
    coverages: ['fire', 'lightning', 'explosion', 'water_damage', 'theft', 'natural_disasters'],
  },
  {
    code: 'palm',
    buildingRatePermille: '0.60',
    contentsRatePermille: '1.90',
    minPremium: '400.00',
    coverages: ['fire', 'lightning', 'water_damage', 'theft', 'temporary_accommodation'],
  },
  {
    code: 'oryx',
    buildingRatePermille: '0.48',
    contentsRatePermille: '2.40',
    minPremium: '325.00',
    coverages: ['fire', 'explosion', 'water_damage', 'public_liability'],
  },
  {
    code: 'caravan',
    buildingRatePermille: '0.52',
    contentsRatePermille: '2.00',
    minPremium: '375.00',
    coverages: ['fire', 'lightning', 'theft', 'natural_disasters', 'glass_breakage'],
  },
  {
    code: 'pearl',
    buildingRatePermille: '0.58',
    contentsRatePermille: '2.25',
    minPremium: '360.00',
    coverages: ['fire', 'water_damage', 'theft', 'public_liability', 'temporary_accommodation'],
  },
];

export function findPropertyInsurer(code: string): PropertyInsurerProfile | null {
  return PROPERTY_INSURERS.find((i) => i.code === code) ?? null;
}

export function propertyInsurerNames(code: string): { nameEn: string; nameAr: string; hasLogo: boolean } {
  const motor = findInsurer(code);
  return { nameEn: motor?.nameEn ?? code, nameAr: motor?.nameAr ?? code, hasLogo: Boolean(motor?.logo) };
}

/** Loadings in percent: villas and private accommodation carry more risk than flats. */
export const BUILDING_TYPE_LOADING: Record<BuildingType, string> = { apartment: '0', villa: '15', private_accommodation: '25' };

/** Flood-prone and coastal cities carry a loading; every other supported city none. */
export const CITY_LOADING: Partial<Record<PropertyCity, string>> = { Jeddah: '10', Jazan: '12', Dammam: '5', Khobar: '5', Qatif: '5', Makkah: '8' };
