import { money } from '@lib/common';
import type { BuildingType, PropertyCity, PropertyRisk } from '@lib/providers';

export function propertyRisk(i: {
  building_type: BuildingType;
  building_age: number;
  apartment_size: number;
  city_name: PropertyCity;
  property_cost?: string | null;
  contents_cost?: string | null;
}): PropertyRisk {
  return {
    buildingType: i.building_type,
    buildingAge: i.building_age,
    apartmentSize: i.apartment_size,
    city: i.city_name,
    propertyCost: i.property_cost ? money(i.property_cost) : null,
    contentsCost: i.contents_cost ? money(i.contents_cost) : null,
  };
}
