import { amountNumber, formatDate, formatDateTime, formatNullableDateTime } from '@lib/common';
import type { Payment, PropertyDocument, PropertyPolicy } from '@lib/db/generated/prisma/client';
import { paymentLink } from '../../../payments/payment.repository';
import { policyRedirectUrl } from '../../../policies/policy-redirect-url';
import { PolicyStatus } from '../../../policies/policy-status';

/** JSONB keeps keys in its own order: answer them in the spec's. */
function ordered(value: unknown, keys: readonly string[]): Record<string, unknown> {
  const o = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));
}

const PERSONAL_KEYS = ['name', 'name_ar', 'gender', 'email', 'phone_number', 'birthdate', 'nationality', 'nationality_id'] as const;
const BUILDING_KEYS = ['building_age', 'building_type', 'apartment_size'] as const;
const ADDRESS_KEYS = ['street_name', 'building_number', 'district_name', 'city_name', 'additional_number', 'zip_code', 'unit_number'] as const;

export function presentDocument(d: PropertyDocument, fileUrl: (d: PropertyDocument) => string) {
  return { id: d.id, category: d.category, url: fileUrl(d), content_type: d.contentType, size: d.size, created_at: formatDateTime(d.createdAt) };
}

/**
 * The spec's property policy object. `payment_link` only while payment is due; `price` always (the
 * amount of the policy). A cancelled policy (status 2) also carries its `cancellation` with the refund.
 */
export function presentPropertyPolicy(
  p: PropertyPolicy,
  payment: Payment | null,
  documents: PropertyDocument[],
  ctx: { publicBaseUrl: string; fileUrl: (d: PropertyDocument) => string },
) {
  const payable = p.status === PolicyStatus.Pending && payment?.status === 'pending';
  return {
    id: p.id,
    meta_data: {
      address: ordered(p.address, ADDRESS_KEYS),
      property_cost: p.propertyCost === null ? null : amountNumber(p.propertyCost.toString()),
      contents_cost: p.contentsCost === null ? null : amountNumber(p.contentsCost.toString()),
      building_details: ordered(p.buildingDetails, BUILDING_KEYS),
      personal_details: ordered(p.personalDetails, PERSONAL_KEYS),
      insurance_provider: p.insurerCode,
      iban: p.iban,
      start_date: formatDate(p.startDate),
      end_date: formatDate(p.endDate),
      has_agreed_to_terms_and_conditions: true,
      documents: documents.map((d) => presentDocument(d, ctx.fileUrl)),
    },
    created_at: formatDateTime(p.createdAt),
    canceled_at: formatNullableDateTime(p.canceledAt),
    status: p.status,
    provider_policy: p.providerPolicy,
    provider_policy_id: p.providerPolicyId,
    client_id: p.clientId,
    payment_link: payable ? paymentLink(ctx.publicBaseUrl, payment.linkToken) : null,
    price: amountNumber(p.price.toString()),
    redirect_url: policyRedirectUrl(p.redirectUrl, p.id),
    policy_url: p.providerPolicy,
    ...(p.status === PolicyStatus.Cancelled
      ? {
          cancellation: {
            reason: p.cancellationReason,
            refund_amount: p.refundAmount === null ? null : amountNumber(p.refundAmount.toString()),
            unused_days: p.refundUnusedDays,
            term_days: p.refundTermDays,
          },
        }
      : {}),
  };
}

export type PresentedPropertyPolicy = ReturnType<typeof presentPropertyPolicy>;
