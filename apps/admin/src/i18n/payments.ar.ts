import type { paymentsEn } from './payments.en';

/** The payments resource's words in Arabic (same keys as payments.en.ts). */
export const paymentsAr: typeof paymentsEn = {
  name: 'المدفوعات |||| دفعة |||| المدفوعات |||| المدفوعات |||| المدفوعات |||| المدفوعات',
  fields: {
    id: 'معرّف الدفعة',
    status: 'الحالة',
    amount: 'المبلغ',
    currency: 'العملة',
    policy_id: 'الوثيقة',
    client_id: 'معرّف العميل',
    vendor_reference: 'مرجع مزوّد الدفع',
    failure_code: 'سبب الفشل',
    payment_link: 'رابط الدفع',
    created_at: 'تاريخ الإنشاء',
    expires_at: 'انتهاء الرابط',
    paid_at: 'تاريخ الدفع',
    q: 'بحث',
    date_from: 'من تاريخ',
    date_to: 'حتى تاريخ',
  },
  status: { pending: 'معلّقة', paid: 'مدفوعة', failed: 'فاشلة', expired: 'منتهية', refunded: 'مستردة' },
  policy_types: { motor: 'مركبات' },
  callbacks: 'إشعارات مزوّد الدفع',
  no_callbacks: 'لم تصل أي إشعارات.',
  callback: { event: 'الحدث', outcome: 'النتيجة', received: 'وقت الاستلام' },
};
