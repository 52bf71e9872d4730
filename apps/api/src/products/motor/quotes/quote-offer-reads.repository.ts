import type { SqlQuery, SqlTarget } from '@lib/db';
import type { KeptQuotesCache } from './kept-quotes.cache';
import type { MotorOffer } from '@lib/db/generated/prisma/client';
import type { NewBenefit, NewPrice } from './quote-request.repository';
import { presentOffer } from './quote-request.presenter';
import type { MotorQuoteOfferOut } from './quote-request.response';

export type OfferPriceRow = NewPrice;
export type OfferBenefitRow = NewBenefit;
/** An offer as read: amounts as PostgreSQL prints them ("6028.44"), exact, what the presenters and money() take. */
export type OfferRow = Omit<MotorOffer, 'vehicleEstimatedValue' | 'prices' | 'benefits' | 'priceReferences'> & {
  vehicleEstimatedValue: string;
  prices: OfferPriceRow[];
  benefits: OfferBenefitRow[];
};

/**
 * An offer's columns, and its prices and benefits in NewPrice's and NewBenefit's keys (amounts as decimal strings):
 * the offer's own copy when it has one (written before they were kept once), else read from its insurer's outcome,
 * where they are kept as partners read them, with the insurer's price references the offer row keeps. The kept
 * amounts are JSON numbers: each is taken as the exact text it was written as and given its two places again, never
 * through a float.
 */
const OFFER_SELECT = `SELECT o.id, o.quote_request_id AS "quoteRequestId", o.position, o.insurer_code AS "insurerCode",
       o.provider_reference AS "providerReference", o.company_name AS "companyName", o.company_name_ar AS "companyNameAr",
       o.company_logo_url AS "companyLogoUrl", o.square_company_logo_url AS "squareCompanyLogoUrl", o.type,
       o.insurance_type_display AS "insuranceTypeDisplay", o.insurance_type_display_ar AS "insuranceTypeDisplayAr",
       o.fix_type AS "fixType", o.vehicle_estimated_value::text AS "vehicleEstimatedValue", o.expires_at AS "expiresAt",
       COALESCE(o.prices, kept.prices, '[]') AS prices, COALESCE(o.benefits, kept.benefits, '[]') AS benefits
  FROM motor_offers o
  LEFT JOIN LATERAL (
       SELECT (SELECT json_agg(json_build_object('id', p.v->>'quote_price_id', 'position', p.n - 1, 'providerReference', o.price_references[p.n],
                        'deductible', round((p.v->>'deductible')::numeric, 2)::text, 'subtotal', round((p.v->>'subtotal')::numeric, 2)::text,
                        'vatPercentage', round((p.v->>'vat_percentage')::numeric, 2)::text, 'vat', round((p.v->>'vat')::numeric, 2)::text,
                        'total', round((p.v->>'total')::numeric, 2)::text) ORDER BY p.n)
                 FROM json_array_elements(q.v->'prices') WITH ORDINALITY AS p(v, n)) AS prices,
              (SELECT json_agg(json_build_object('id', b.v->>'quote_benefit_id', 'position', b.n - 1, 'code', b.v->>'id', 'name', b.v->>'name',
                        'nameAr', b.v->>'name_ar', 'amount', round((b.v->>'amount')::numeric, 2)::text, 'vat', round((b.v->>'vat')::numeric, 2)::text,
                        'url', b.v->>'url') ORDER BY b.n)
                 FROM json_array_elements(q.v->'benefits') WITH ORDINALITY AS b(v, n)) AS benefits
         FROM motor_insurer_outcomes io CROSS JOIN LATERAL json_array_elements(io.quotes) AS q(v)
        WHERE o.prices IS NULL AND io.quote_request_id = o.quote_request_id AND io.insurer_code = o.insurer_code
          AND q.v->>'quote_reference_id' = o.id::text
  ) kept ON true`;

const OFFERS_SQL = `${OFFER_SELECT}
 WHERE o.quote_request_id = ANY($1::int[]) AND ($2::text[] IS NULL OR o.insurer_code = ANY($2::text[]))
 ORDER BY o.quote_request_id, o.position`;

const OFFER_SQL = `${OFFER_SELECT}
 WHERE o.id = $1::uuid`;

/** One offer with its prices and benefits (see OFFER_SELECT), or null. */
export async function readOffer(sql: SqlQuery, id: string): Promise<OfferRow | null> {
  return (await sql.query<OfferRow>(OFFER_SQL, [id]))[0] ?? null;
}

/**
 * The offers of quote requests (only `insurerCodes`' when given), each with its prices and benefits (see
 * OFFER_SELECT), grouped by request, in listing order. A request holds dozens of offers: read through Prisma
 * they cost about a third of a Show Quote Request's CPU, so they are read here in plain SQL.
 */
export async function readOffers(sql: SqlQuery, quoteRequestIds: number[], insurerCodes: string[] | null = null): Promise<Map<number, OfferRow[]>> {
  const byRequest = new Map<number, OfferRow[]>(quoteRequestIds.map((id) => [id, []]));
  if (!quoteRequestIds.length) return byRequest;
  for (const offer of await sql.query<OfferRow>(OFFERS_SQL, [quoteRequestIds, insurerCodes])) byRequest.get(offer.quoteRequestId)?.push(offer);
  return byRequest;
}

// The kept JSON as text, parsed here: its length is what the cache counts.
const KEPT_QUOTES_SQL = `SELECT o.quote_request_id AS "quoteRequestId", o.quotes::text AS quotes
  FROM motor_insurer_outcomes o
 WHERE o.quote_request_id = ANY($1::int[])
 ORDER BY o.quote_request_id, o.position`;

/**
 * The offers of quote requests as partners read them, by request, in listing order: as kept with each answer, or, for a
 * request with no answer yet or with one written before they were kept, presented from its offers' rows. A request
 * that ended is read from `cache` when there, and put there when read.
 */
export async function readQuotes(
  sql: SqlTarget,
  requests: ReadonlyArray<{ id: number; quotesStatus: string }>,
  cache: KeptQuotesCache,
): Promise<Map<number, MotorQuoteOfferOut[]>> {
  const quotes = new Map<number, MotorQuoteOfferOut[]>();
  const unread = requests.filter((r) => !cachedInto(quotes, r, cache));
  if (!unread.length) return quotes;
  const kept = new Map<number, { offers: MotorQuoteOfferOut[]; bytes: number }>();
  const unkept = new Set<number>();
  for (const row of await sql.query<{ quoteRequestId: number; quotes: string | null }>(KEPT_QUOTES_SQL, [unread.map((r) => r.id)])) {
    if (row.quotes === null) {
      unkept.add(row.quoteRequestId);
      continue;
    }
    let k = kept.get(row.quoteRequestId);
    if (!k) kept.set(row.quoteRequestId, (k = { offers: [], bytes: 0 }));
    k.offers.push(...(JSON.parse(row.quotes) as MotorQuoteOfferOut[]));
    k.bytes += row.quotes.length;
  }
  const fromOffers = unread.filter((r) => unkept.has(r.id) || !kept.has(r.id)).map((r) => r.id);
  const offers = await readOffers(sql, fromOffers);
  for (const { id, quotesStatus } of unread) {
    if (offers.has(id)) quotes.set(id, offers.get(id)!.map(presentOffer));
    else {
      const k = kept.get(id)!;
      quotes.set(id, k.offers);
      // read after the request said it ended: every answer was written with (or before) the end
      if (quotesStatus !== 'in_progress') cache.set(id, k.offers, k.bytes);
    }
  }
  return quotes;
}

/** Whether the request's offers were in the cache (then put in `quotes`); only a request the database says ended is served from it. */
function cachedInto(quotes: Map<number, MotorQuoteOfferOut[]>, { id, quotesStatus }: { id: number; quotesStatus: string }, cache: KeptQuotesCache): boolean {
  if (quotesStatus === 'in_progress') {
    // never in the cache unless its end was undone (a database restored, a test): what is there is no longer what it holds
    cache.forget(id);
    return false;
  }
  const offers = cache.get(id);
  if (offers) quotes.set(id, offers);
  return offers !== undefined;
}
