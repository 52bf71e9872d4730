import { halalasText, writtenJson, type Halalas, type JsonWriter } from '@lib/common';
import type { InsurerQuoteOutcome } from '@lib/providers';

/**
 * The JSON of an insurer's offers' rows (OFFER_FIELDS' keys), written straight from its answer: byte for byte what
 * answerRows sends for the same answer with the same ids (quote-answer.rows.spec.ts holds the two together), without
 * making a row object for each offer first and writing it key by key, its expiry through Date's toJSON.
 *
 * `firstPosition`: the first offer's position; `ids` as answerIds gives them (each offer's id, then its prices' and
 * benefits', offer after offer).
 */
export function offerRowsJson(o: InsurerQuoteOutcome, carEstimatedValue: Halalas, firstPosition: number, ids: readonly string[]): Buffer {
  const { insurer } = o;
  return writtenJson((w) => {
    let next = 0;
    w.raw(OPEN_ARRAY);
    o.offers.forEach((offer, i) => {
      if (i) w.raw(COMMA);
      w.raw(K.id);
      w.string(ids[next]);
      next += 1 + offer.prices.length + offer.benefits.length;
      w.raw(K.position);
      w.ascii(String(firstPosition + i));
      w.raw(K.insurerCode);
      w.string(insurer.code);
      w.raw(K.providerReference);
      w.string(offer.providerReference);
      w.raw(K.companyName);
      w.string(insurer.nameEn);
      w.raw(K.companyNameAr);
      w.string(insurer.nameAr || insurer.nameEn);
      w.raw(K.companyLogoUrl);
      w.string(insurer.logoUrl ?? '');
      w.raw(K.squareCompanyLogoUrl);
      w.string(insurer.squareLogoUrl ?? '');
      w.raw(K.type);
      w.string(offer.type);
      w.raw(K.insuranceTypeDisplay);
      w.string(offer.productNameEn);
      w.raw(K.insuranceTypeDisplayAr);
      w.string(offer.productNameAr || offer.productNameEn);
      w.raw(K.fixType);
      w.string(offer.type === 'Comprehensive' ? offer.fixType : '');
      w.raw(K.vehicleEstimatedValue);
      w.string(halalasText(offer.vehicleEstimatedValue ?? carEstimatedValue));
      w.raw(K.expiresAt);
      instant(w, offer.validUntil);
      w.raw(K.priceReferences);
      offer.prices.forEach((p, j) => {
        if (j) w.raw(COMMA);
        w.string(p.providerReference);
      });
      w.raw(CLOSE_ARRAY_AND_OBJECT);
    });
    w.raw(CLOSE_ARRAY);
  });
}

/**
 * A date as its toJSON gives it: the ISO instant, or null for an invalid date. An insurer's offers share one expiry:
 * the last instant's text is kept, and made again only for another.
 */
function instant(w: JsonWriter, d: Date): void {
  const t = d.getTime();
  if (Number.isNaN(t)) return w.ascii('null');
  if (t !== lastInstant) {
    lastInstantText = d.toISOString();
    lastInstant = t;
  }
  w.string(lastInstantText);
}

let lastInstant = NaN;
let lastInstantText = '';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const OPEN_ARRAY = bytes('[');
const COMMA = bytes(',');
const CLOSE_ARRAY = bytes(']');
const CLOSE_ARRAY_AND_OBJECT = bytes(']}');

/** The rows' keys, in offerFields' order, each with what comes before it. */
const K = {
  id: bytes('{"id":'),
  position: bytes(',"position":'),
  insurerCode: bytes(',"insurerCode":'),
  providerReference: bytes(',"providerReference":'),
  companyName: bytes(',"companyName":'),
  companyNameAr: bytes(',"companyNameAr":'),
  companyLogoUrl: bytes(',"companyLogoUrl":'),
  squareCompanyLogoUrl: bytes(',"squareCompanyLogoUrl":'),
  type: bytes(',"type":'),
  insuranceTypeDisplay: bytes(',"insuranceTypeDisplay":'),
  insuranceTypeDisplayAr: bytes(',"insuranceTypeDisplayAr":'),
  fixType: bytes(',"fixType":'),
  vehicleEstimatedValue: bytes(',"vehicleEstimatedValue":'),
  expiresAt: bytes(',"expiresAt":'),
  priceReferences: bytes(',"priceReferences":['),
};
