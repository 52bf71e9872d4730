import type { searchEn } from './search.en';

export const searchAr: typeof searchEn = {
  title: 'البحث',
  placeholder: 'رقم المالك، رقم الهوية، الجوال، البريد، رقم الوثيقة، مرجع الدفع',
  hint: 'رقم وثيقة، أو ثلاثة أحرف على الأقل. تُطابق البيانات الشخصية فقط حيث يسمح دورك بقراءتها.',
  box: 'ابحث عن أي عميل أو دفعة',
  submit: 'بحث',
  results: 'لا نتائج |||| نتيجة واحدة |||| نتيجتان |||| %{count} نتائج |||| %{count} نتيجة |||| %{count} نتيجة',
  truncated: 'تُعرض أحدث %{count} نتيجة. اكتب المزيد لتضييق البحث.',
  empty: 'لا شيء يطابق «%{q}».',
  policy_of_payment: 'الوثيقة',
  matched: {
    id: 'رقم الوثيقة في النظام',
    policy_number: 'رقم الوثيقة',
    reference: 'مرجع',
    national_id: 'رقم الهوية',
    phone: 'الجوال',
    email: 'البريد الإلكتروني',
    name: 'الاسم',
    payment_id: 'رقم الدفعة',
    vendor_reference: 'مرجع الدفع',
  },
  status: {
    pending: 'بانتظار الدفع',
    active: 'سارية',
    cancelled: 'ملغاة',
    on_hold: 'معلّقة',
    paid: 'مدفوعة',
    failed: 'فشلت',
    expired: 'منتهية',
    refunded: 'مستردة',
  },
};
