import { halalasText, jsonText, JSON_PUNCTUATION as P, writtenJson, type Halalas, type JsonWriter } from '@lib/common';
import type { InsurerQuoteOutcome } from '@lib/providers';
import { fieldKeys, writeCompanyFields, writeProductFields, type CompanyKeys, type ProductKeys } from './offer-json.fields';

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
    w.raw(P.openArray);
    o.offers.forEach((offer, i) => {
      if (i) w.raw(P.comma);
      w.raw(K.id);
      w.string(ids[next]);
      next += 1 + offer.prices.length + offer.benefits.length;
      w.raw(K.position);
      w.ascii(String(firstPosition + i));
      w.raw(K.insurerCode);
      w.string(insurer.code);
      w.raw(K.providerReference);
      w.string(offer.providerReference);
      writeCompanyFields(w, insurer, COMPANY_KEYS);
      writeProductFields(w, offer, PRODUCT_KEYS);
      w.raw(K.vehicleEstimatedValue);
      w.string(halalasText(offer.vehicleEstimatedValue ?? carEstimatedValue));
      w.raw(K.expiresAt);
      instant(w, offer.validUntil);
      w.raw(K.priceReferences);
      offer.prices.forEach((p, j) => {
        if (j) w.raw(P.comma);
        w.string(p.providerReference);
      });
      w.raw(P.closeArrayAndObject);
    });
    w.raw(P.closeArray);
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

/**
 * The rows' own keys, each with what comes before it; the insurer's and the product's (below) are written between
 * providerReference and vehicleEstimatedValue, in offerFields' order.
 */
const K = {
  id: jsonText('{"id":'),
  position: jsonText(',"position":'),
  insurerCode: jsonText(',"insurerCode":'),
  providerReference: jsonText(',"providerReference":'),
  vehicleEstimatedValue: jsonText(',"vehicleEstimatedValue":'),
  expiresAt: jsonText(',"expiresAt":'),
  priceReferences: jsonText(',"priceReferences":['),
};

const COMPANY_KEYS: CompanyKeys = fieldKeys({ name: 'companyName', nameAr: 'companyNameAr', logoUrl: 'companyLogoUrl', squareLogoUrl: 'squareCompanyLogoUrl' });
const PRODUCT_KEYS: ProductKeys = fieldKeys({ type: 'type', display: 'insuranceTypeDisplay', displayAr: 'insuranceTypeDisplayAr', fixType: 'fixType' });
