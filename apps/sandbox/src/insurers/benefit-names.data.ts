/** The add-ons the simulated insurers sell, named once in both languages. */
export const BENEFIT_NAMES = {
  roadside: { en: 'Roadside assistance', ar: 'المساعدة على الطريق' },
  towing: { en: 'Towing to the nearest workshop', ar: 'سحب المركبة إلى أقرب ورشة' },
  replacementCar: { en: 'Replacement car for up to 15 days', ar: 'سيارة بديلة لمدة تصل إلى 15 يوماً' },
  driverAccident: { en: 'Personal accident cover for the driver', ar: 'تغطية الحوادث الشخصية للسائق' },
  passengerAccident: { en: 'Personal accident cover for passengers', ar: 'تغطية الحوادث الشخصية للركاب' },
  naturalDisasters: { en: 'Natural disasters (floods, hail, sandstorms)', ar: 'الكوارث الطبيعية (السيول والبرد والعواصف الرملية)' },
  gccExtension: { en: 'Geographic extension to GCC countries', ar: 'التمديد الجغرافي لدول مجلس التعاون الخليجي' },
  bahrainExtension: { en: 'Geographic extension to Bahrain', ar: 'التمديد الجغرافي إلى مملكة البحرين' },
  windscreen: { en: 'Windscreen and glass damage', ar: 'أضرار الزجاج الأمامي والنوافذ' },
  theftFire: { en: 'Theft and fire', ar: 'السرقة والحريق' },
  medicalExpenses: { en: 'Emergency medical expenses', ar: 'مصاريف العلاج الطارئ' },
  noClaimsProtection: { en: 'No-claims discount protection', ar: 'حماية خصم عدم وجود مطالبات' },
  ownDamageLimited: { en: 'Own vehicle damage up to SAR 10,000', ar: 'أضرار المركبة المؤمنة حتى 10,000 ريال' },
  keyReplacement: { en: 'Lost key replacement', ar: 'استبدال المفاتيح المفقودة' },
  thirdPartyLiability: { en: 'Third-party liability up to SAR 10 million', ar: 'المسؤولية المدنية تجاه الغير حتى 10 ملايين ريال' },
} as const;

export type BenefitKind = keyof typeof BENEFIT_NAMES;
