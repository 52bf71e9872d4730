import { randomUUID } from 'node:crypto';
import { halalasText, jsonBytes, vatHalalas, VAT_PERCENT, withVatHalalas, type Halalas } from '@lib/common';
import type { InsurerQuoteOutcome, MotorOffer } from '@lib/providers';
import { answeredQuotesJson } from './answered-quotes.json';
import { offerRowsJson } from './offer-rows.json';
import type { AnsweredInsurer, NewBenefit, NewOffer, NewOutcome, NewPrice } from './quote-request.repository';

/**
 * One insurer's answer as rows: its offers (each with its prices and benefits, as presented), the JSON of their rows,
 * and its outcome. What partners read of the offers (AnsweredInsurer's quotesJson, where their prices and benefits are
 * kept) is the caller's to present.
 */
export type AnswerRows = Omit<AnsweredInsurer, 'quotesJson'> & { offers: NewOffer[] };

/**
 * Positions of a request's offers: insurer index * stride + the offer's index, so offers written as insurers
 * answer (any order) read back in insurer order. The sandbox contract allows far fewer offers per insurer than this.
 */
export const POSITION_STRIDE = 10_000;

/** How the VAT rate is stored beside each price. */
const VAT_PERCENTAGE = halalasText(VAT_PERCENT * 100);

/**
 * The rows of the outcome of insurer `index` (in listing order; numbered `seq` among the request's answers, when known
 * now), its offers numbered from index * POSITION_STRIDE, and their rows' JSON (what the write sends,
 * made here so that little is left to do once the last insurer answers). Amounts as decimal strings, VAT added here
 * once, in whole halalas (withVatHalalas: the same rule as withVat), never floats. `ids` (see answerIds) are drawn here
 * unless given.
 */
export function answerRows(o: InsurerQuoteOutcome, carEstimatedValue: Halalas, index: number, seq?: number, ids = answerIds(o)): AnswerRows {
  const firstPosition = index * POSITION_STRIDE;
  const offers: NewOffer[] = [];
  const rows: OfferRowJson[] = [];
  let next = 0;
  o.offers.forEach((offer, i) => {
    const fields = offerFields(o, offer, ids[next++], firstPosition + i, carEstimatedValue);
    const prices = offer.prices.map((p, i): NewPrice => {
      const priced = withVatHalalas(p.netPremium);
      return {
        id: ids[next++],
        position: i,
        providerReference: p.providerReference,
        deductible: p.deductible === null ? null : halalasText(p.deductible),
        subtotal: halalasText(priced.subtotal),
        vatPercentage: VAT_PERCENTAGE,
        vat: halalasText(priced.vat),
        total: halalasText(priced.total),
      };
    });
    const benefits = offer.benefits.map((b, i): NewBenefit => ({
      id: ids[next++],
      position: i,
      code: b.code,
      name: b.nameEn,
      nameAr: b.nameAr || b.nameEn,
      amount: halalasText(b.amount),
      vat: halalasText(vatHalalas(b.amount)),
      url: b.url,
    }));
    offers.push({ ...fields, prices, benefits });
    rows.push({ ...fields, priceReferences: offer.prices.map((p) => p.providerReference) });
  });
  return { offers, offersJson: jsonBytes(rows), outcome: { ...outcomeRow(o), seq, position: index } };
}

/**
 * An insurer's answer as answerRows gives it, without making its offers' rows, prices and benefits: the rows' JSON
 * (offerRowsJson) and the offers as partners read them (answeredQuotesJson), each written straight from the answer, what
 * a synchronous quote request sends and keeps. `ids` as answerRows'.
 */
export function answeredInsurer(o: InsurerQuoteOutcome, carEstimatedValue: Halalas, index: number, seq?: number, ids = answerIds(o)): AnsweredInsurer {
  return {
    outcome: { ...outcomeRow(o), seq, position: index },
    offersJson: offerRowsJson(o, carEstimatedValue, index * POSITION_STRIDE, ids),
    quotesJson: answeredQuotesJson(o.insurer, o.offers, carEstimatedValue, ids),
  };
}

/** New ids for an answer: each offer's, then its prices', then its benefits', offer after offer. */
export function answerIds(o: InsurerQuoteOutcome): string[] {
  const count = o.offers.reduce((n, offer) => n + 1 + offer.prices.length + offer.benefits.length, 0);
  return Array.from({ length: count }, () => randomUUID());
}

/** An offer's own columns, as made from the answer. */
function offerFields(
  o: InsurerQuoteOutcome,
  offer: MotorOffer,
  id: string,
  position: number,
  carEstimatedValue: Halalas,
): Omit<NewOffer, 'prices' | 'benefits'> {
  return {
    id,
    position,
    insurerCode: o.insurer.code,
    providerReference: offer.providerReference,
    companyName: o.insurer.nameEn,
    companyNameAr: o.insurer.nameAr || o.insurer.nameEn,
    companyLogoUrl: o.insurer.logoUrl ?? '',
    squareCompanyLogoUrl: o.insurer.squareLogoUrl ?? '',
    type: offer.type,
    insuranceTypeDisplay: offer.productNameEn,
    insuranceTypeDisplayAr: offer.productNameAr || offer.productNameEn,
    fixType: offer.type === 'Comprehensive' ? offer.fixType : '',
    vehicleEstimatedValue: halalasText(offer.vehicleEstimatedValue ?? carEstimatedValue),
    expiresAt: offer.validUntil,
  };
}

/** What an offer's row is written from (OFFER_FIELDS' keys): its prices and benefits are kept with its insurer's outcome, as partners read them. */
type OfferRowJson = Omit<NewOffer, 'prices' | 'benefits'> & { priceReferences: string[] };

function outcomeRow(o: InsurerQuoteOutcome): Omit<NewOutcome, 'position'> {
  return {
    insurerCode: o.insurer.code,
    outcome: o.outcome,
    latencyMs: Math.round(o.latency_ms),
    offerCount: o.offers.length,
    detail: (o.decline ? `${o.decline.code}: ${o.decline.reason}` : (o.error ?? null))?.slice(0, 500) ?? null,
  };
}
