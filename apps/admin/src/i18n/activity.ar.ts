import type { activityEn } from './activity.en';

export const activityAr: typeof activityEn = {
  payments: 'المدفوعات',
  refunds: 'المبالغ المستردة',
  webhooks: 'الإشعارات المرسلة إلى الشريك',
  audit: 'السجل في لوحة التحكم',
  none: 'لا شيء بعد.',
  not_found: 'لا توجد وثيقة بهذا الرقم: لا يمكن عرض نشاطها.',
  amount: 'المبلغ',
  status: 'الحالة',
  reference: 'مرجع الدفع',
  created: 'التاريخ',
  paid: 'تاريخ الدفع',
  why: 'السبب',
  tries: 'المحاولات',
  event: 'الحدث',
  answer: 'آخر رد',
  delivered: 'تاريخ التسليم',
  action: 'الإجراء',
  who: 'بواسطة',
  actions: {
    cancel: 'أُلغيت',
    check_status: 'تم التحقق من الحالة لدى شركة التأمين',
    create: 'أُنشئت',
    update: 'عُدّلت',
  },
};
