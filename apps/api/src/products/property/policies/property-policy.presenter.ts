import { amountNumber, formatDate, formatDateTime, formatNullableDateTime } from '@lib/common';
import type { Payment, PropertyDocument, PropertyPolicy } from '@lib/db/generated/prisma/client';
import { paymentLink } from '../../../payments/payment.repository';
import { policyRedirectUrl } from '../../../policies/policy-redirect-url';
import { PolicyStatus } from '../../../policies/policy-status';
import type { PropertyDocumentOut, PropertyPolicyOut } from './property-policy.response';

type Out = PropertyPolicyOut;

/** The policy's fields its answer is made of (Show Policy and the partner list read just these). */
export type PresentablePropertyPolicy = Pick<
  PropertyPolicy,
  | 'id'
  | 'clientId'
  | 'insurerCode'
  | 'status'
  | 'address'
  | 'buildingDetails'
  | 'personalDetails'
  | 'propertyCost'
  | 'contentsCost'
  | 'iban'
  | 'startDate'
  | 'endDate'
  | 'price'
  | 'redirectUrl'
  | 'providerPolicy'
  | 'providerPolicyId'
  | 'renewalOf'
  | 'canceledAt'
  | 'cancellationReason'
  | 'refundAmount'
  | 'refundUnusedDays'
  | 'refundTermDays'
  | 'createdAt'
>;
/** A document's fields its answer is made of. */
export type PresentablePropertyDocument = Pick<PropertyDocument, 'id' | 'category' | 'fileId' | 'contentType' | 'size' | 'createdAt'>;
type MetaData = Out['meta_data'];

/** The details as issuance validated and stored them (JSONB), in the spec's key order. */
function address(value: unknown): MetaData['address'] {
  const a = value as MetaData['address'];
  return {
    street_name: a.street_name,
    building_number: a.building_number,
    district_name: a.district_name,
    city_name: a.city_name,
    additional_number: a.additional_number,
    zip_code: a.zip_code,
    unit_number: a.unit_number,
  };
}

function buildingDetails(value: unknown): MetaData['building_details'] {
  const b = value as MetaData['building_details'];
  return { building_age: b.building_age, building_type: b.building_type, apartment_size: b.apartment_size };
}

function personalDetails(value: unknown): MetaData['personal_details'] {
  const p = value as MetaData['personal_details'];
  return {
    name: p.name,
    name_ar: p.name_ar,
    gender: p.gender,
    email: p.email,
    phone_number: p.phone_number,
    birthdate: p.birthdate,
    nationality: p.nationality,
    nationality_id: p.nationality_id,
  };
}

export function presentDocument<D extends PresentablePropertyDocument>(d: D, fileUrl: (d: D) => string): PropertyDocumentOut {
  return {
    id: d.id,
    category: d.category as PropertyDocumentOut['category'],
    url: fileUrl(d),
    content_type: d.contentType as PropertyDocumentOut['content_type'],
    size: d.size,
    created_at: formatDateTime(d.createdAt),
  };
}

/**
 * The spec's property policy object. `payment_link` only while payment is due; `price` always (the
 * amount of the policy). A cancelled policy (status 2) also carries its `cancellation` with the refund.
 */
export function presentPropertyPolicy(
  p: PresentablePropertyPolicy,
  payment: Pick<Payment, 'linkToken' | 'status'> | null,
  documents: PresentablePropertyDocument[],
  ctx: { publicBaseUrl: string; fileUrl: (d: PresentablePropertyDocument) => string },
): PropertyPolicyOut {
  const payable = p.status === PolicyStatus.Pending && payment?.status === 'pending';
  return {
    id: p.id,
    meta_data: {
      address: address(p.address),
      property_cost: p.propertyCost === null ? null : amountNumber(p.propertyCost.toString()),
      contents_cost: p.contentsCost === null ? null : amountNumber(p.contentsCost.toString()),
      building_details: buildingDetails(p.buildingDetails),
      personal_details: personalDetails(p.personalDetails),
      insurance_provider: p.insurerCode,
      iban: p.iban,
      start_date: formatDate(p.startDate),
      end_date: formatDate(p.endDate),
      has_agreed_to_terms_and_conditions: true,
      documents: documents.map((d) => presentDocument(d, ctx.fileUrl)),
    },
    created_at: formatDateTime(p.createdAt),
    canceled_at: formatNullableDateTime(p.canceledAt),
    status: p.status as Out['status'],
    provider_policy: p.providerPolicy,
    provider_policy_id: p.providerPolicyId,
    renewal_of: p.renewalOf,
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

export type PresentedPropertyPolicy = PropertyPolicyOut;
