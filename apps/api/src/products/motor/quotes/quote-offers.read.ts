import type { ByteString } from '@lib/common';
import type { SqlTarget } from '@lib/db';
import type { KeptQuotesCache } from './kept-quotes.cache';
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

/**
 * A request's offers as partners read them: the JSON arrays kept with its answers (one per answer, in listing order),
 * or, for a request with no answer yet or with one written before they were kept, its offers to present.
 */
export type RequestQuotes = { json: ByteString[] } | { offers: OfferRow[] };

// The kept JSON as a byte string: its UTF-8 bytes, each sent as the character of the same code (LATIN1), which V8
// keeps one byte per character. Read as plain text, the Arabic names made every value a two-byte string, about twice
// its bytes on the JS heap; read into Buffers, each value took memory outside the heap until a page was sent.
const KEPT_QUOTES_SQL = `SELECT o.quote_request_id AS "quoteRequestId", convert_from(convert_to(o.quotes::text, 'UTF8'), 'LATIN1') AS quotes
  FROM motor_insurer_outcomes o
 WHERE o.quote_request_id = ANY($1::int[])
 ORDER BY o.quote_request_id, o.position`;

/**
 * The offers of quote requests as partners read them (see RequestQuotes), by request. The kept JSON is read as bytes,
 * not parsed: a page of fifteen requests holds about 450 offers, which parsing, presenting and encoding again cost
 * most of the page's CPU and memory. A request that ended is read from `cache` when there, and put there when read.
 */
export async function readQuotes(
  sql: SqlTarget,
  requests: ReadonlyArray<{ id: number; quotesStatus: string }>,
  cache: KeptQuotesCache,
): Promise<Map<number, RequestQuotes>> {
  const quotes = new Map<number, RequestQuotes>();
  const unread = requests.filter((r) => !cachedInto(quotes, r, cache));
  if (!unread.length) return quotes;
  const kept = new Map<number, ByteString[]>();
  const unkept = new Set<number>();
  for (const row of await sql.query<{ quoteRequestId: number; quotes: string | null }>(KEPT_QUOTES_SQL, [unread.map((r) => r.id)])) {
    if (row.quotes === null) unkept.add(row.quoteRequestId);
    else if (kept.has(row.quoteRequestId)) kept.get(row.quoteRequestId)!.push(row.quotes);
    else kept.set(row.quoteRequestId, [row.quotes]);
  }
  const fromOffers = unread.filter((r) => unkept.has(r.id) || !kept.has(r.id)).map((r) => r.id);
  const offers = await readOffers(sql, fromOffers);
  for (const { id, quotesStatus } of unread) {
    if (offers.has(id)) quotes.set(id, { offers: offers.get(id)! });
    else {
      quotes.set(id, { json: kept.get(id)! });
      // read after the request said it ended: every answer was written with (or before) the end
      if (quotesStatus !== 'in_progress') cache.set(id, kept.get(id)!);
    }
  }
  return quotes;
}

/** Whether the request's offers were in the cache (then put in `quotes`); only a request the database says ended is served from it. */
function cachedInto(quotes: Map<number, RequestQuotes>, { id, quotesStatus }: { id: number; quotesStatus: string }, cache: KeptQuotesCache): boolean {
  if (quotesStatus === 'in_progress') {
    // never in the cache unless its end was undone (a database restored, a test): what is there is no longer what it holds
    cache.forget(id);
    return false;
  }
  const json = cache.get(id);
  if (json) quotes.set(id, { json });
  return json !== undefined;
}
