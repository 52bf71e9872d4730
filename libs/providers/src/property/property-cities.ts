/**
 * The cities property insurers cover, by the English name the national address registry gives
 * (`city_name`). Shared by the API (validation) and the sandbox (pricing and seeded addresses).
 */
export const PROPERTY_CITIES = [
  'Riyadh',
  'Jeddah',
  'Makkah',
  'Madinah',
  'Dammam',
  'Khobar',
  'Dhahran',
  'Al Ahsa',
  'Jubail',
  'Qatif',
  'Taif',
  'Tabuk',
  'Abha',
  'Khamis Mushait',
  'Buraidah',
  'Unaizah',
  'Hail',
  'Jazan',
  'Najran',
  'Yanbu',
  'Al Kharj',
  'Al Baha',
] as const;

export type PropertyCity = (typeof PROPERTY_CITIES)[number];

/** Case-insensitive: "riyadh" is Riyadh; answers the canonical spelling or null. */
export function findPropertyCity(name: string): PropertyCity | null {
  const wanted = name.trim().toLowerCase();
  return PROPERTY_CITIES.find((c) => c.toLowerCase() === wanted) ?? null;
}

export const BUILDING_TYPES = ['apartment', 'villa', 'private_accommodation'] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];
