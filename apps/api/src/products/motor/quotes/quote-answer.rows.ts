import { halalasText, jsonBytes, randomUuids, vatHalalas, VAT_PERCENT, withVatHalalas, type Halalas } from '@lib/common';
import type { InsurerQuoteOutcome } from '@lib/providers';
import type { AnsweredInsurer, NewBenefit, NewOffer, NewOutcome, NewPrice } from './quote-request.repository';

/**
 * One insurer's answer as rows: its offers (each holding its prices and benefits, as stored and presented), their JSON,
 * and its outcome. What partners read of the offers (AnsweredInsurer's quotesJson) is the caller's to present.
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
 * now), its offers numbered from index * POSITION_STRIDE, and their JSON (what the write sends,
 * made here so that little is left to do once the last insurer answers). Amounts as decimal strings, VAT added here
 * once, in whole halalas (withVatHalalas: the same rule as withVat), never floats.
 */
export function answerRows(o: InsurerQuoteOutcome, carEstimatedValue: Halalas, index: number, seq?: number): AnswerRows {
  const firstPosition = index * POSITION_STRIDE;
  const offers: NewOffer[] = [];
  const ids = randomUuids(o.offers.reduce((n, offer) => n + 1 + offer.prices.length + offer.benefits.length, 0));
  let next = 0;
  o.offers.forEach((offer, i) => {
    const offerId = ids[next++];
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
    offers.push({
      id: offerId,
      position: firstPosition + i,
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
      prices,
      benefits,
    });
  });
  return { offers, offersJson: jsonBytes(offers), outcome: { ...outcomeRow(o), seq, position: index } };
}

function outcomeRow(o: InsurerQuoteOutcome): Omit<NewOutcome, 'position'> {
  return {
    insurerCode: o.insurer.code,
    outcome: o.outcome,
    latencyMs: Math.round(o.latency_ms),
    offerCount: o.offers.length,
    detail: (o.decline ? `${o.decline.code}: ${o.decline.reason}` : (o.error ?? null))?.slice(0, 500) ?? null,
  };
}
