import { amountNumber, formatDateTime, formatNullableDateTime } from '@lib/common';
import { can } from '@lib/common/permissions';
import type { Payment } from '@lib/db/generated/prisma/client';
import { personalDataFor } from '../../../platform/admin/pii/personal-data';
import type { PresentedPropertyPolicy } from '../policies/property-policy.presenter';
import type { AdminPropertyPolicyOut } from './admin-property-policy.response';

function presentPayment(p: Payment) {
  return {
    id: p.id,
    status: p.status,
    amount: amountNumber(p.amount.toString()),
    currency: p.currency,
    expires_at: formatDateTime(p.expiresAt),
    paid_at: formatNullableDateTime(p.paidAt),
    created_at: formatDateTime(p.createdAt),
  };
}

/**
 * The console's property policy: the partner object plus the client, the payments and who cancelled it.
 * Roles without read_pii on property policies see the customer's name, contact, ids and IBAN masked.
 */
export function presentAdminPropertyPolicy(
  base: PresentedPropertyPolicy,
  extra: { payments: Payment[]; canceledBy: string | null; insurer: string; productCode: string; activatedAt: Date | null },
  role: string,
): AdminPropertyPolicyOut {
  const pii = can(role, 'read_pii', 'property-policies');
  const show = personalDataFor(role, 'property-policies');
  const person = base.meta_data.personal_details as Record<string, string | null>;
  const personal = pii
    ? person
    : {
        ...person,
        name: show(person.name),
        name_ar: show(person.name_ar),
        email: show(person.email),
        phone_number: show(person.phone_number),
        nationality_id: show(person.nationality_id),
        birthdate: null,
      };
  return {
    ...base,
    meta_data: { ...base.meta_data, personal_details: personal, iban: show(base.meta_data.iban) },
    product_code: extra.productCode,
    insurer_code: extra.insurer,
    activated_at: formatNullableDateTime(extra.activatedAt),
    canceled_by: extra.canceledBy,
    payments: extra.payments.map(presentPayment),
  };
}
