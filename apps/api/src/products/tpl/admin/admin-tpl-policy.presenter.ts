import { amountNumber, formatDateTime, formatNullableDateTime } from '@lib/common';
import { can } from '@lib/common/permissions';
import type { Payment, TplPolicy } from '@lib/db/generated/prisma/client';
import { personalDataFor } from '../../../platform/admin/pii/personal-data';
import { presentTplPolicy } from '../tpl-policy.presenter';
import type { AdminTplPolicyOut } from './admin-tpl-policy.response';

/**
 * The console's TPL policy: the partner object plus the client, payments and who cancelled it and why.
 * Without read_pii the email and the owners' ids are masked (the VIN and sequence number identify a car, not a person).
 */
export function presentAdminTplPolicy(p: TplPolicy, payments: Payment[], publicBaseUrl: string, istimarahUrl: string, role: string): AdminTplPolicyOut {
  const partner = presentTplPolicy(p, payments[0] ?? null, publicBaseUrl, istimarahUrl);
  // the partner's extra fields are stored as the object they sent
  const base = { ...partner, meta_data: { ...partner.meta_data, extra_fields: partner.meta_data.extra_fields as Record<string, unknown> | null } };
  const pii = can(role, 'read_pii', 'tpl-policies');
  const show = personalDataFor(role, 'tpl-policies');
  return {
    ...base,
    meta_data: pii
      ? base.meta_data
      : {
          ...base.meta_data,
          email: show(base.meta_data.email),
          current_car_owner: show(base.meta_data.current_car_owner),
          new_owner_id: show(base.meta_data.new_owner_id),
          istimarah: null,
        },
    client_id: p.clientId,
    canceled_by: p.canceledBy,
    cancellation_reason: p.cancellationReason,
    payments: payments.map((x) => ({
      id: x.id,
      status: x.status,
      amount: amountNumber(x.amount.toString()),
      currency: x.currency,
      expires_at: formatDateTime(x.expiresAt),
      paid_at: formatNullableDateTime(x.paidAt),
      created_at: formatDateTime(x.createdAt),
    })),
  };
}
