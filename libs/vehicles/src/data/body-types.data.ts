import type { VehicleBodyType } from '../vehicle-lookup.types';

export const BODY_TYPES: readonly VehicleBodyType[] = [
  { code: 1, name_en: 'Sedan', name_ar: 'سيدان' },
  { code: 2, name_en: 'Hatchback', name_ar: 'هاتشباك' },
  { code: 3, name_en: 'SUV', name_ar: 'سيارة رياضية متعددة الاستخدامات' },
  { code: 4, name_en: 'Pickup', name_ar: 'بيك أب' },
  { code: 5, name_en: 'Double cabin pickup', name_ar: 'بيك أب غمارتين' },
  { code: 6, name_en: 'Coupe', name_ar: 'كوبيه' },
  { code: 7, name_en: 'Convertible', name_ar: 'مكشوفة' },
  { code: 8, name_en: 'Station wagon', name_ar: 'ستيشن واغن' },
  { code: 9, name_en: 'Crossover', name_ar: 'كروس أوفر' },
  { code: 10, name_en: 'Minivan', name_ar: 'ميني فان' },
  { code: 11, name_en: 'Van', name_ar: 'فان' },
  { code: 12, name_en: 'Minibus', name_ar: 'حافلة صغيرة' },
  { code: 13, name_en: 'Bus', name_ar: 'حافلة' },
  { code: 14, name_en: 'Light truck', name_ar: 'شاحنة خفيفة' },
  { code: 15, name_en: 'Truck', name_ar: 'شاحنة' },
];
