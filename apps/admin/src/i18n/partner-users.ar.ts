import type { partnerUsersEn } from './partner-users.en';

/** The partner portal users resource's words in Arabic (console). */
export const partnerUsersAr: typeof partnerUsersEn = {
  name: 'مستخدمو البوابة |||| مستخدم البوابة |||| مستخدمو البوابة |||| مستخدمو البوابة |||| مستخدمو البوابة |||| مستخدمو البوابة',
  fields: {
    id: 'المعرّف',
    client_id: 'العميل',
    email: 'البريد الإلكتروني',
    role: 'الدور لدى الشريك',
    status: 'الحالة',
    active: 'غير محذوف',
    last_login_at: 'آخر دخول',
    created_at: 'تاريخ الدعوة',
    q: 'بحث',
  },
  roles: { owner: 'مالك', developer: 'مطوّر', viewer: 'مشاهد' },
  statuses: { invited: 'مدعو', active: 'نشط', removed: 'محذوف' },
  invite: 'دعوة إلى البوابة',
  link: {
    title: 'رابط الدعوة (البيئة التجريبية)',
    help: 'لا يُرسل بريد في البيئة التجريبية: أعطِ هذا الرابط للشخص. يعمل مرة واحدة خلال ثلاثة أيام.',
    done: 'تم',
  },
};
