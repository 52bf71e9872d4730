import type { claimsEn } from './claims.en';

export const claimsAr: typeof claimsEn = {
  claims: {
    // Arabic has six plural forms: 0, 1, 2, 3-10, 11-99, 100+ (polyglot's order); menus ask for 2, which reads as the plural title
    name: 'المطالبات |||| مطالبة |||| المطالبات |||| المطالبات |||| المطالبات |||| المطالبات',
    fields: {
      id: 'المطالبة',
      product_family: 'المنتج',
      policy_id: 'الوثيقة',
      older_than_days: 'مفتوحة منذ (أيام) على الأقل',
      client_id: 'العميل',
      claim_type: 'النوع',
      incident_date: 'تاريخ الحادث',
      description: 'الوصف',
      requested_amount: 'المبلغ المطلوب',
      approved_amount: 'المبلغ المعتمد',
      paid_amount: 'المبلغ المدفوع',
      claim_status: 'الحالة',
      status: 'الحالة',
      created_by: 'فتحها',
      created_at: 'تاريخ الفتح',
      updated_at: 'آخر تحديث',
      note: 'ملاحظة',
      documents: 'المستندات',
    },
    status: { submitted: 'مقدّمة', under_review: 'قيد المراجعة', approved: 'معتمدة', rejected: 'مرفوضة', paid: 'مدفوعة' },
    types: { fire: 'حريق', water_damage: 'أضرار المياه', theft: 'سرقة', natural_disaster: 'كارثة طبيعية', accidental_damage: 'أضرار عرضية', liability: 'المسؤولية', other: 'أخرى', outpatient: 'عيادات خارجية', inpatient: 'تنويم', emergency: 'طوارئ', maternity: 'أمومة', dental: 'أسنان', optical: 'بصريات', pharmacy: 'صيدلية', third_party_vehicle_damage: 'أضرار مركبة الغير', third_party_property_damage: 'أضرار ممتلكات الغير', third_party_bodily_injury: 'إصابات الغير الجسدية', mortality: 'نفوق', vet_fees: 'رسوم بيطرية', death: 'وفاة', critical_illness: 'مرض خطير', disability: 'عجز', medical_emergency: 'طوارئ طبية', trip_delay: 'تأخر الرحلة', lost_baggage: 'فقدان الأمتعة' },
    families: { property: 'الممتلكات', 'motor-tpl': 'ضد الغير (نقل ملكية)', medical: 'الطبي للمنشآت', life: 'الحياة', horse: 'الخيل', travel: 'السفر' },
    history: 'السجل',
    no_history: 'لا يوجد سجل.',
    actions: {
      assign_to_me: 'إسنادها إليّ',
      unassign: 'إلغاء الإسناد',
      move_to: 'نقل إلى %{status}',
      note: 'ملاحظة',
      approved_amount: 'المبلغ المعتمد (افتراضيًا كامل المطلوب)',
      confirm: 'حفظ',
      back: 'رجوع',
      moved: 'تم تحديث المطالبة',
    },
  },
};
