import { randomUUID } from 'node:crypto';
import { money, withVat } from '@lib/common';
import type { InsurerQuoteOutcome } from '@lib/providers';
import type { NewBenefit, NewOffer, NewOutcome, NewPrice } from './quote-request.repository';

/** One insurer's answer as rows: its offers with prices and benefits, and its outcome. */
export interface AnswerRows {
  offers: NewOffer[];
  prices: NewPrice[];
  benefits: NewBenefit[];
  outcome: NewOutcome;
}

/**
 * Positions of a progressive request's offers: insurer index * stride + the offer's index, so offers
 * written as insurers answer (any order) read back in insurer order, as a synchronous request lists them.
 * The sandbox contract allows far fewer offers per insurer than this.
 */
export const POSITION_STRIDE = 10_000;

/**
 * The rows of one insurer's outcome, its offers numbered from `firstPosition`. Amounts as strings
 * (decimal, VAT added here once through withVat), never floats.
 */
export function answerRows(o: InsurerQuoteOutcome, carEstimatedCost: string | number, firstPosition: number): AnswerRows {
  const rows: AnswerRows = { offers: [], prices: [], benefits: [], outcome: outcomeRow(o) };
  o.offers.forEach((offer, index) => {
    const offerId = randomUUID();
    rows.offers.push({
      id: offerId,
      position: firstPosition + index,
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
      vehicleEstimatedValue: (offer.vehicleEstimatedValue ?? money(carEstimatedCost)).toFixed(2),
      expiresAt: offer.validUntil,
    });
    offer.prices.forEach((p, i) => {
      const priced = withVat(p.netPremium);
      rows.prices.push({
        id: randomUUID(),
        offerId,
        position: i,
        providerReference: p.providerReference,
        deductible: p.deductible === null ? null : p.deductible.toFixed(2),
        subtotal: priced.subtotal.toFixed(2),
        vatPercentage: priced.vatPercentage.toFixed(2),
        vat: priced.vat.toFixed(2),
        total: priced.total.toFixed(2),
      });
    });
    offer.benefits.forEach((b, i) => {
      rows.benefits.push({
        id: randomUUID(),
        offerId,
        position: i,
        code: b.code,
        name: b.nameEn,
        nameAr: b.nameAr || b.nameEn,
        amount: money(b.amount).toFixed(2),
        vat: withVat(b.amount).vat.toFixed(2),
        url: b.url,
      });
    });
  });
  return rows;
}

function outcomeRow(o: InsurerQuoteOutcome): NewOutcome {
  return {
    insurerCode: o.insurer.code,
    outcome: o.outcome,
    latencyMs: Math.round(o.latency_ms),
    offerCount: o.offers.length,
    detail: (o.decline ? `${o.decline.code}: ${o.decline.reason}` : (o.error ?? null))?.slice(0, 500) ?? null,
  };
}
