import type { refundsEn } from './refunds.en';

/** The refunds resource's words in Arabic (same keys as refunds.en.ts). */
export const refundsAr: typeof refundsEn = {
  name: 'المبالغ المستردة |||| مبلغ مسترد |||| المبالغ المستردة |||| المبالغ المستردة |||| المبالغ المستردة |||| المبالغ المستردة',
  fields: {
    id: 'معرّف الاسترداد',
    status: 'حالة الرد',
    amount: 'المبلغ',
    reason: 'السبب',
    policy_id: 'الوثيقة',
    payment_id: 'الدفعة',
    client_name: 'العميل',
    attempts: 'المحاولات',
    last_error: 'آخر خطأ',
    next_attempt_at: 'المحاولة التالية',
    refunded_at: 'تاريخ الرد',
    vendor_payment_id: 'دفعة مزوّد الدفع',
    vendor_refund_id: 'استرداد مزوّد الدفع',
    created_at: 'مستحق منذ',
    policy_type: 'المنتج',
    q: 'بحث',
    date_from: 'مستحق من',
    date_to: 'مستحق حتى',
  },
  reasons: {
    policy_cancelled: 'أُلغيت الوثيقة: يُرد الجزء غير المستخدم من التغطية إلى البطاقة.',
    replaced: 'دُفع عبر رابط استُبدل برابط أحدث: يُرد كاملاً.',
    policy_changed: 'دُفع بعد تغيّر ما يغطيه الرابط: يُرد كاملاً.',
    lapsed: 'دُفع بعد انتهاء مهلة الوثيقة: يُرد كاملاً.',
    already_paid: 'كانت الوثيقة مدفوعة: يُرد الخصم الثاني كاملاً.',
    amount_mismatch: 'خُصم مبلغ غير المستحق: يُرد كاملاً.',
    not_payable: 'لم يعد بالإمكان الدفع للوثيقة: يُرد كاملاً.',
  },
  actions: {
    retry: 'إعادة المحاولة',
    retry_title: 'إعادة محاولة هذا الاسترداد',
    retry_help: 'يُطلب من مزوّد الدفع مجدداً فوراً وتبدأ المحاولات من جديد. اذكر السبب (يُسجَّل في سجل التدقيق).',
    reason: 'السبب',
    back: 'رجوع',
    confirm: 'إعادة المحاولة',
    retried: 'جارٍ رد المبلغ مرة أخرى.',
  },
};
