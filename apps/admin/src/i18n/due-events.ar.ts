import type { dueEventsEn } from './due-events.en';

/** The scheduled (due) events resource's words in Arabic (same keys as due-events.en.ts). */
export const dueEventsAr: typeof dueEventsEn = {
  name: 'الأحداث المجدولة |||| حدث مجدول |||| الأحداث المجدولة |||| الأحداث المجدولة |||| الأحداث المجدولة |||| الأحداث المجدولة',
  fields: {
    id: 'معرّف الحدث',
    kind: 'الحدث',
    subject: 'يخص',
    state: 'الحالة',
    due_at: 'موعد الاستحقاق',
    attempts: 'المحاولات',
    last_error: 'آخر خطأ',
    lease_until: 'لا يُحاول قبل',
    fired_at: 'تاريخ التنفيذ',
    clock_id: 'ساعة الاختبار',
    created_at: 'تاريخ الجدولة',
    updated_at: 'آخر تحديث',
    actions: 'الإجراءات',
  },
  states: { pending: 'قيد الانتظار', fired: 'نُفّذ', failed: 'فشل' },
  kinds: {
    payment_lapse: 'انتهاء مهلة رابط الدفع',
    policy_renewal_due: 'إشعار التجديد',
    policy_expiry: 'انتهاء الوثيقة',
    claim_overdue: 'تأخر المطالبة',
  },
  actions: {
    rerun: 'إعادة التشغيل',
    rerun_title: 'إعادة تشغيل هذا الحدث',
    rerun_help: 'عالج السبب أولاً: يُنفَّذ الحدث في الدورة التالية للمجدول وتبدأ المحاولات من جديد. اذكر السبب (يُسجَّل في سجل التدقيق).',
    reason: 'السبب',
    back: 'رجوع',
    confirm: 'إعادة التشغيل',
    rerun_done: 'سيُعاد تشغيل الحدث قريباً.',
  },
};
