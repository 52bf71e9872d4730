import type { embedTargetsEn } from './embed-targets.en';

export const embedTargetsAr: typeof embedTargetsEn = {
  title: 'مواقع وروابط تطبيقات التضمين',
  intro: 'لا تعمل جلسات التضمين إلا عليها: يمكن لأصول الويب تضمين الصفحة في إطار، ويجب أن تعود جلسات WebView إلى رابط عميق يبدأ برابط تطبيق مسجّل.',
  empty: 'لا يوجد شيء مسجّل: لا يستطيع هذا العميل فتح جلسات تضمين بعد.',
  kind: 'النوع',
  kinds: { origin: 'أصل ويب', app: 'رابط تطبيق' },
  value: 'الأصل أو رابط التطبيق',
  value_help_origin: 'المخطط والمضيف والمنفذ فقط، مثل https://shop.example.com (https في بيئة الإنتاج).',
  value_help_app: 'بادئة رابط عميق، مثل acmeapp://insurance أو https://shop.example.com/app.',
  added: 'تاريخ الإضافة',
  add: 'إضافة',
  remove: 'إزالة',
  remove_title: 'إزالة %{value}؟',
  remove_confirm: 'لن يمكن فتح جلسات له بعد الآن، وستتوقف الجلسات المفتوحة عن الظهور في إطاراته.',
  notifications: { added: 'تمت الإضافة', removed: 'تمت الإزالة' },
};
