import type { enumsEn } from './enums.en';

/** تسميات الرموز التي ترسلها الواجهة البرمجية (شركات التأمين، دورية القسط، نوع المبنى...). */
export const enumsAr: typeof enumsEn = {
  insurer: {
    dune: 'الكثبان للتأمين التعاوني',
    palm: 'تكافل بستان النخيل',
    oryx: 'المها لتأمين المركبات',
    compass: 'بوصلة البحر الأحمر للتأمين',
    lantern: 'فانوس التعاونية',
    caravan: 'درع القافلة للتأمين',
    pearl: 'ساحل اللؤلؤ للتأمين',
    summit: 'تكافل ذروة القمة',
    naseem: 'نسيم المباشر للتأمين',
  },
  premium_frequency: { monthly: 'شهري', quarterly: 'ربع سنوي', semi_annual: 'نصف سنوي', annual: 'سنوي' },
  relationship: { spouse: 'زوج / زوجة', child: 'ابن / ابنة', parent: 'أب / أم', sibling: 'أخ / أخت', other: 'أخرى' },
  gender: { male: 'ذكر', female: 'أنثى', M: 'ذكر', F: 'أنثى', m: 'ذكر', f: 'أنثى' },
  horse_sex: { male: 'فحل', female: 'فرس', gelding: 'مخصي' },
  horse_use: { racing: 'سباقات', breeding: 'إكثار', show_jumping: 'قفز الحواجز', endurance: 'قدرة وتحمّل', leisure: 'ترفيه' },
  building_type: { apartment: 'شقة', villa: 'فيلا', private_accommodation: 'سكن خاص' },
  document_category: { home: 'المنزل', valuables: 'المقتنيات الثمينة', surroundings: 'المحيط', other: 'أخرى' },
  medical_tier: { basic: 'أساسي', standard: 'قياسي', premium: 'مميز', executive: 'تنفيذي' },
};
