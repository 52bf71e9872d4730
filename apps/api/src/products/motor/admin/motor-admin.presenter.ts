import { amountString, formatDateTime, formatNullableDateTime } from '@lib/common';
import type { Payment } from '@lib/db/generated/prisma/client';
import { personalDataFor, type PersonalData } from '../../../platform/admin/pii/personal-data';
import type { InsurerName } from './insurer-directory';
import { policyStatusName, PolicyWithClient } from './policy-admin.repository';
import type { QuoteRequestDetailRow, QuoteRequestListRow } from './quote-request-admin.repository';
import type {
  AdminMotorOfferOut,
  AdminMotorPolicyDetailOut,
  AdminMotorPolicyOut,
  AdminMotorQuoteRequestDetailOut,
  AdminMotorQuoteRequestOut,
} from './motor-admin.response';

export function presentQuoteRequestSummary(r: QuoteRequestListRow, mask: PersonalData): AdminMotorQuoteRequestOut {
  return {
    id: r.id,
    client_id: r.client_id,
    client_name: r.client_name,
    owner_id: mask(r.owner_id),
    email: mask(r.email),
    phone: mask(r.phone),
    car_sequence_number: r.car_sequence_number,
    custom_number: r.custom_number,
    car_model_year: r.car_model_year,
    car_estimated_cost: amountString(r.car_estimated_cost.toString()),
    status: r.status,
    offer_count: r.offer_count,
    insurer_count: r.insurer_count,
    answered_count: r.answered_count,
    deleted_at: formatNullableDateTime(r.deleted_at),
    created_at: formatDateTime(r.created_at),
  };
}

type Offer = QuoteRequestDetailRow['offers'][number];

function presentOffer(o: Offer): AdminMotorOfferOut {
  return {
    quote_reference_id: o.id,
    insurance_type_display: o.insuranceTypeDisplay,
    insurance_type_display_ar: o.insuranceTypeDisplayAr,
    vehicle_estimated_value: amountString(o.vehicleEstimatedValue.toString()),
    expires_at: formatDateTime(o.expiresAt),
    prices: o.prices.map((p) => ({
      quote_price_id: p.id,
      deductible: p.deductible === null ? null : amountString(p.deductible.toString()),
      subtotal: amountString(p.subtotal.toString()),
      vat: amountString(p.vat.toString()),
      total: amountString(p.total.toString()),
    })),
    benefits: o.benefits.map((b) => ({
      code: b.code,
      name: b.name,
      name_ar: b.nameAr,
      amount: amountString(b.amount.toString()),
      vat: amountString(b.vat.toString()),
    })),
  };
}

/**
 * One entry per insurer asked: its outcome, latency and detail, and its offers grouped by cover
 * (type and fix type), in the order the insurers' offers were stored. Insurers with offers first.
 */
function insurersOf(r: QuoteRequestDetailRow, names: Map<string, InsurerName>): AdminMotorQuoteRequestDetailOut['insurers'] {
  const codes = [...new Set([...r.offers.map((o) => o.insurerCode), ...r.outcomes.map((o) => o.insurerCode)])];
  return codes.map((code) => {
    const outcome = r.outcomes.find((o) => o.insurerCode === code);
    const offers = r.offers.filter((o) => o.insurerCode === code);
    const covers: Array<{ type: string; fix_type: string; offers: ReturnType<typeof presentOffer>[] }> = [];
    for (const o of offers) {
      let cover = covers.find((c) => c.type === o.type && c.fix_type === o.fixType);
      if (!cover) covers.push((cover = { type: o.type, fix_type: o.fixType, offers: [] }));
      cover.offers.push(presentOffer(o));
    }
    return {
      insurer_code: code,
      name: offers[0]?.companyName ?? names.get(code)?.en ?? code,
      name_ar: offers[0]?.companyNameAr ?? names.get(code)?.ar ?? code,
      outcome: outcome?.outcome ?? null,
      latency_ms: outcome?.latencyMs ?? null,
      offer_count: offers.length,
      detail: outcome?.detail ?? null,
      covers,
    };
  });
}

export function presentQuoteRequestDetail(
  r: QuoteRequestDetailRow,
  summary: QuoteRequestListRow,
  role: string,
  names: Map<string, InsurerName>,
): AdminMotorQuoteRequestDetailOut {
  const mask = personalDataFor(role, 'motor-quote-requests');
  return {
    ...presentQuoteRequestSummary(summary, mask),
    birthdate: mask(r.birthdate),
    is_ownership_transfer: r.isOwnershipTransfer,
    current_car_owner_id: mask(r.currentCarOwnerId),
    maker_code: r.makerCode,
    model_code: r.modelCode,
    body_type_code: r.bodyTypeCode,
    start_date: r.startDate,
    locale: r.locale,
    driver_count: Array.isArray(r.drivers) ? r.drivers.length : 0,
    updated_at: formatDateTime(r.updatedAt),
    insurers: insurersOf(r, names),
  };
}

export function presentPolicySummary(p: PolicyWithClient, mask: PersonalData, names: Map<string, InsurerName>): AdminMotorPolicyOut {
  return {
    id: p.id,
    client_id: p.clientId,
    client_name: p.clientName,
    quote_request_id: p.quoteRequestId,
    insurer_code: p.insurerCode,
    insurer_name: names.get(p.insurerCode)?.en ?? p.insurerCode,
    insurer_name_ar: names.get(p.insurerCode)?.ar ?? p.insurerCode,
    product_code: p.productCode,
    owner_id: mask(p.ownerId),
    previous_owner_id: mask(p.previousOwnerId),
    car_sequence_number: p.carSequenceNumber,
    custom_number: p.customNumber,
    iban: mask(p.iban),
    status: policyStatusName(p.status),
    status_code: p.status,
    price: amountString(p.price.toString()),
    provider_policy_id: p.providerPolicyId,
    created_at: formatDateTime(p.createdAt),
    updated_at: formatDateTime(p.updatedAt),
  };
}

export function presentPolicyDetail(p: PolicyWithClient, payments: Payment[], mask: PersonalData, names: Map<string, InsurerName>): AdminMotorPolicyDetailOut {
  return {
    ...presentPolicySummary(p, mask, names),
    offer_id: p.offerId,
    quote_price_id: p.priceId,
    // the benefits bought, stored as the list of objects the offer had
    benefits: p.benefits as AdminMotorPolicyDetailOut['benefits'],
    provider_policy: p.providerPolicy,
    invoice_url: p.invoiceUrl,
    start_date: p.startDate,
    end_date: p.endDate,
    payments: payments.map((pay) => ({
      id: pay.id,
      status: pay.status,
      amount: amountString(pay.amount.toString()),
      currency: pay.currency,
      vendor_reference: pay.vendorReference,
      expires_at: formatDateTime(pay.expiresAt),
      paid_at: formatNullableDateTime(pay.paidAt),
      created_at: formatDateTime(pay.createdAt),
    })),
  };
}
