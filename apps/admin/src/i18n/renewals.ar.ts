import type { renewalsEn } from './renewals.en';

/** The renewals worklist's words in Arabic (same keys as renewals.en.ts). */
export const renewalsAr: typeof renewalsEn = {
  name: 'التجديدات المستحقة |||| تجديد مستحق |||| التجديدات المستحقة |||| التجديدات المستحقة |||| التجديدات المستحقة |||| التجديدات المستحقة',
  fields: {
    family: 'المنتج',
    policy_id: 'الوثيقة',
    client_name: 'العميل',
    holder: 'المؤمَّن له',
    ends_at: 'تنتهي',
    offer: 'العرض',
    taken: 'قُبل',
  },
  offers: {
    re_quote: 'تسعير جديد ببيانات طلب التسعير',
    renewal_price: 'الفترة التالية من شركة التأمين',
    notice: 'إشعار فقط',
  },
  taken_yes: 'جُدِّدت',
  taken_no: 'لم تُجدَّد',
};
