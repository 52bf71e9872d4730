import type { SqlTarget } from '@lib/db';
import type { MotorOffer, MotorOfferBenefit, MotorOfferPrice } from '@lib/db/generated/prisma/client';

/** Amounts as PostgreSQL prints them ("6028.44"): exact, and what the presenters and money() take. */
type Amount = string;

export type OfferPriceRow = Omit<MotorOfferPrice, 'deductible' | 'subtotal' | 'vatPercentage' | 'vat' | 'total'> & {
  deductible: Amount | null;
  subtotal: Amount;
  vatPercentage: Amount;
  vat: Amount;
  total: Amount;
};
export type OfferBenefitRow = Omit<MotorOfferBenefit, 'amount' | 'vat'> & { amount: Amount; vat: Amount };
export type OfferRow = Omit<MotorOffer, 'vehicleEstimatedValue'> & { vehicleEstimatedValue: Amount; prices: OfferPriceRow[]; benefits: OfferBenefitRow[] };

const OFFERS_SQL = `SELECT o.id, o.quote_request_id AS "quoteRequestId", o.position, o.insurer_code AS "insurerCode",
       o.provider_reference AS "providerReference", o.company_name AS "companyName", o.company_name_ar AS "companyNameAr",
       o.company_logo_url AS "companyLogoUrl", o.square_company_logo_url AS "squareCompanyLogoUrl", o.type,
       o.insurance_type_display AS "insuranceTypeDisplay", o.insurance_type_display_ar AS "insuranceTypeDisplayAr",
       o.fix_type AS "fixType", o.vehicle_estimated_value AS "vehicleEstimatedValue", o.expires_at AS "expiresAt"
  FROM motor_offers o
 WHERE o.quote_request_id = ANY($1::int[]) AND ($2::text[] IS NULL OR o.insurer_code = ANY($2::text[]))
 ORDER BY o.quote_request_id, o.position`;

const PRICES_SQL = `SELECT p.id, p.offer_id AS "offerId", p.position, p.provider_reference AS "providerReference", p.deductible,
       p.subtotal, p.vat_percentage AS "vatPercentage", p.vat, p.total
  FROM motor_offer_prices p
 WHERE p.offer_id = ANY($1::uuid[])
 ORDER BY p.position`;

const BENEFITS_SQL = `SELECT b.id, b.offer_id AS "offerId", b.position, b.code, b.name, b.name_ar AS "nameAr", b.amount, b.vat, b.url
  FROM motor_offer_benefits b
 WHERE b.offer_id = ANY($1::uuid[])
 ORDER BY b.position`;

/**
 * The offers of quote requests (only `insurerCodes`' when given) with their prices and benefits, each in listing
 * order, grouped by request. A request holds hundreds of these rows: read through Prisma's nested include they
 * cost about a third of a Show Quote Request's CPU, so they are read here in plain SQL. The prices and benefits
 * are read after the offers, by the offers' ids: an answer's rows are written in one statement, so every offer read
 * has all its prices and benefits, even while a progressive request is still being answered.
 */
export async function readOffers(sql: SqlTarget, quoteRequestIds: number[], insurerCodes: string[] | null = null): Promise<Map<number, OfferRow[]>> {
  const byRequest = new Map<number, OfferRow[]>(quoteRequestIds.map((id) => [id, []]));
  if (!quoteRequestIds.length) return byRequest;
  const offers = await sql.query<Omit<OfferRow, 'prices' | 'benefits'>>(OFFERS_SQL, [quoteRequestIds, insurerCodes]);
  if (!offers.length) return byRequest;
  const byId = new Map<string, OfferRow>();
  for (const o of offers) {
    const offer: OfferRow = { ...o, prices: [], benefits: [] };
    byId.set(offer.id, offer);
    byRequest.get(offer.quoteRequestId)?.push(offer);
  }
  const ids = [...byId.keys()];
  const [prices, benefits] = await Promise.all([sql.query<OfferPriceRow>(PRICES_SQL, [ids]), sql.query<OfferBenefitRow>(BENEFITS_SQL, [ids])]);
  for (const p of prices) byId.get(p.offerId)!.prices.push(p);
  for (const b of benefits) byId.get(b.offerId)!.benefits.push(b);
  return byRequest;
}
