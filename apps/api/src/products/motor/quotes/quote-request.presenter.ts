import { amountNumber, formatDateTime, formatDateTimeOffset } from '@lib/common';
import type { MotorQuoteOfferOut, MotorQuoteRequestOut } from './quote-request.response';
import type { QuoteRequestRow } from './quote-request.repository';

type Row = QuoteRequestRow;
type StoredOffer = Row['offers'][number];
type Presented<T, K extends keyof T> = Pick<T, K>;

/** What presenting an offer reads: a stored offer, or one just made from an insurer's answer. */
export type PresentableOffer = Presented<
  StoredOffer,
  | 'id'
  | 'companyName'
  | 'companyNameAr'
  | 'companyLogoUrl'
  | 'squareCompanyLogoUrl'
  | 'type'
  | 'insuranceTypeDisplay'
  | 'insuranceTypeDisplayAr'
  | 'fixType'
  | 'vehicleEstimatedValue'
  | 'expiresAt'
> & {
  prices: Presented<StoredOffer['prices'][number], 'id' | 'deductible' | 'subtotal' | 'vatPercentage' | 'vat' | 'total'>[];
  benefits: Presented<StoredOffer['benefits'][number], 'id' | 'code' | 'name' | 'nameAr' | 'amount' | 'vat' | 'url'>[];
};

/** What presenting a quote request reads besides its offers: a stored request, or one about to be answered. */
export type PresentableRequest = Pick<
  Row,
  | 'id'
  | 'ownerId'
  | 'email'
  | 'phone'
  | 'birthdate'
  | 'isOwnershipTransfer'
  | 'currentCarOwnerId'
  | 'customNumber'
  | 'makerCode'
  | 'modelCode'
  | 'bodyTypeCode'
  | 'carSequenceNumber'
  | 'carModelYear'
  | 'startDate'
  | 'clientId'
  | 'createdAt'
  | 'updatedAt'
> & { carEstimatedCost: { toString(): string }; drivers: unknown; attachments: unknown };

/** The deprecated relative `company_logo` path of an absolute logo URL; the few insurers' logos are parsed once each. */
export function relativeLogo(url: string): string {
  let path = logoPaths.get(url);
  if (path === undefined) {
    path = logoPath(url);
    if (logoPaths.size >= 256) logoPaths.clear();
    logoPaths.set(url, path);
  }
  return path;
}

const logoPaths = new Map<string, string>();

function logoPath(url: string): string {
  if (!url) return '';
  try {
    return new URL(url).pathname.replace(/^\//, '');
  } catch {
    return '';
  }
}

/** An offer as partners read it: the one presentation of an offer, for every answer and event that carries one. */
export function presentOffer(o: PresentableOffer): MotorQuoteOfferOut {
  return {
    quote_reference_id: o.id,
    company_name: o.companyName,
    company_name_ar: o.companyNameAr,
    company_logo_url: o.companyLogoUrl,
    square_company_logo_url: o.squareCompanyLogoUrl,
    company_logo: relativeLogo(o.companyLogoUrl),
    type: o.type as MotorQuoteOfferOut['type'],
    insurance_type_display: o.insuranceTypeDisplay,
    insurance_type_display_ar: o.insuranceTypeDisplayAr,
    fix_type: o.fixType as MotorQuoteOfferOut['fix_type'],
    vehicle_estimated_value: amountNumber(o.vehicleEstimatedValue.toString()),
    quote_expiry_date: formatDateTimeOffset(o.expiresAt),
    prices: o.prices.map((p) => ({
      quote_price_id: p.id,
      deductible: p.deductible === null ? null : amountNumber(p.deductible.toString()),
      subtotal: amountNumber(p.subtotal.toString()),
      vat_percentage: Number(p.vatPercentage.toString()),
      vat: amountNumber(p.vat.toString()),
      total: amountNumber(p.total.toString()),
    })),
    benefits: o.benefits.map((b) => ({
      quote_benefit_id: b.id,
      id: b.code,
      name: b.name,
      name_ar: b.nameAr,
      amount: amountNumber(b.amount.toString()),
      vat: amountNumber(b.vat.toString()),
      url: b.url,
    })),
  };
}

/** The spec's quote request object: the request echoed, its offers as partners read them, and nothing internal. */
export function presentQuoteRequest(r: PresentableRequest, quotes: MotorQuoteOfferOut[]): MotorQuoteRequestOut {
  const vehicle = r.customNumber
    ? { custom_number: r.customNumber, maker_code: r.makerCode, model_code: r.modelCode, body_type_code: r.bodyTypeCode }
    : { car_sequence_number: Number(r.carSequenceNumber) };
  return {
    id: r.id,
    owner_id: r.ownerId,
    email: r.email,
    phone: r.phone,
    birthdate: r.birthdate,
    is_ownership_transfer: r.isOwnershipTransfer,
    current_car_owner_id: r.currentCarOwnerId,
    ...vehicle,
    car_estimated_cost: amountNumber(r.carEstimatedCost.toString()),
    car_model_year: r.carModelYear,
    start_date: r.startDate,
    drivers: (r.drivers ?? null) as MotorQuoteRequestOut['drivers'],
    quotes,
    attachments: (r.attachments ?? null) as MotorQuoteRequestOut['attachments'],
    client_id: r.clientId,
    created_at: formatDateTime(r.createdAt),
    updated_at: formatDateTime(r.updatedAt),
  };
}
