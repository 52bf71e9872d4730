import { randomUUID } from 'node:crypto';
import { halalasText, vatHalalas, VAT_PERCENT, withVatHalalas, type Halalas } from '@lib/common';
import type { InsurerQuoteOutcome, MotorOffer } from '@lib/providers';
import { presentOffer } from './quote-request.presenter';
import type { AnsweredInsurer, NewBenefit, NewOffer, NewOutcome, NewPrice } from './quote-request.repository';

/**
 * Positions of a request's offers: insurer index * stride + the offer's index, so offers written as insurers
 * answer (any order) read back in insurer order. The sandbox contract allows far fewer offers per insurer than this.
 */
export const POSITION_STRIDE = 10_000;

/** How the VAT rate is stored beside each price. */
const VAT_PERCENTAGE = halalasText(VAT_PERCENT * 100);

/**
 * Insurer `index`'s answer (in listing order; numbered `seq` among the request's answers, when known now) as it is
 * written and answered: its offers numbered from index * POSITION_STRIDE, each with its prices and benefits, the
 * offers as partners read them (presentOffer, made once here: the response, the event and what is kept with the
 * outcome are the same objects), and its outcome. Amounts as decimal strings, VAT added here once, in whole halalas
 * (withVatHalalas: the same rule as withVat), never floats.
 */
export function answerRows(o: InsurerQuoteOutcome, carEstimatedValue: Halalas, index: number, seq?: number): AnsweredInsurer {
  const firstPosition = index * POSITION_STRIDE;
  const offers = o.offers.map((offer, i): NewOffer => {
    const prices = offer.prices.map((p, i): NewPrice => {
      const priced = withVatHalalas(p.netPremium);
      return {
        id: randomUUID(),
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
      id: randomUUID(),
      position: i,
      code: b.code,
      name: b.nameEn,
      nameAr: b.nameAr || b.nameEn,
      amount: halalasText(b.amount),
      vat: halalasText(vatHalalas(b.amount)),
      url: b.url,
    }));
    return { ...offerFields(o, offer, firstPosition + i, carEstimatedValue), prices, benefits };
  });
  return { offers, quotes: offers.map(presentOffer), outcome: { ...outcomeRow(o), seq, position: index } };
}

/** An offer's own columns, as made from the answer. */
function offerFields(o: InsurerQuoteOutcome, offer: MotorOffer, position: number, carEstimatedValue: Halalas): Omit<NewOffer, 'prices' | 'benefits'> {
  return {
    id: randomUUID(),
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

function outcomeRow(o: InsurerQuoteOutcome): Omit<NewOutcome, 'position'> {
  return {
    insurerCode: o.insurer.code,
    outcome: o.outcome,
    latencyMs: Math.round(o.latency_ms),
    offerCount: o.offers.length,
    detail: (o.decline ? `${o.decline.code}: ${o.decline.reason}` : (o.error ?? null))?.slice(0, 500) ?? null,
  };
}
