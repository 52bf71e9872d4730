import type { SqlTarget } from '@lib/db';
import type { MotorOffer } from '@lib/db/generated/prisma/client';
import type { NewBenefit, NewPrice } from './quote-request.repository';

export type OfferPriceRow = NewPrice;
export type OfferBenefitRow = NewBenefit;
/** An offer as read: amounts as PostgreSQL prints them ("6028.44"), exact, what the presenters and money() take. */
export type OfferRow = Omit<MotorOffer, 'vehicleEstimatedValue' | 'prices' | 'benefits'> & {
  vehicleEstimatedValue: string;
  prices: OfferPriceRow[];
  benefits: OfferBenefitRow[];
};

/** An offer read through Prisma, its prices and benefits typed: JSON the service wrote with the offer, in NewPrice's and NewBenefit's keys. */
export function withParts<O extends Pick<MotorOffer, 'prices' | 'benefits'>>(
  offer: O,
): Omit<O, 'prices' | 'benefits'> & { prices: OfferPriceRow[]; benefits: OfferBenefitRow[] } {
  return offer as unknown as Omit<O, 'prices' | 'benefits'> & { prices: OfferPriceRow[]; benefits: OfferBenefitRow[] };
}

const OFFERS_SQL = `SELECT o.id, o.quote_request_id AS "quoteRequestId", o.position, o.insurer_code AS "insurerCode",
       o.provider_reference AS "providerReference", o.company_name AS "companyName", o.company_name_ar AS "companyNameAr",
       o.company_logo_url AS "companyLogoUrl", o.square_company_logo_url AS "squareCompanyLogoUrl", o.type,
       o.insurance_type_display AS "insuranceTypeDisplay", o.insurance_type_display_ar AS "insuranceTypeDisplayAr",
       o.fix_type AS "fixType", o.vehicle_estimated_value AS "vehicleEstimatedValue", o.expires_at AS "expiresAt",
       o.prices, o.benefits
  FROM motor_offers o
 WHERE o.quote_request_id = ANY($1::int[]) AND ($2::text[] IS NULL OR o.insurer_code = ANY($2::text[]))
 ORDER BY o.quote_request_id, o.position`;

/**
 * The offers of quote requests (only `insurerCodes`' when given), each with its prices and benefits (stored in it,
 * in listing order), grouped by request, in listing order. A request holds dozens of offers: read through Prisma
 * they cost about a third of a Show Quote Request's CPU, so they are read here in plain SQL.
 */
export async function readOffers(sql: SqlTarget, quoteRequestIds: number[], insurerCodes: string[] | null = null): Promise<Map<number, OfferRow[]>> {
  const byRequest = new Map<number, OfferRow[]>(quoteRequestIds.map((id) => [id, []]));
  if (!quoteRequestIds.length) return byRequest;
  for (const offer of await sql.query<OfferRow>(OFFERS_SQL, [quoteRequestIds, insurerCodes])) byRequest.get(offer.quoteRequestId)?.push(offer);
  return byRequest;
}
