import { jsonText, type JsonWriter } from '@lib/common';
import type { MotorInsurer, MotorOffer } from '@lib/providers';

/** The bytes of each key (with what comes before it) of an offer's insurer fields, as one JSON shape names them. */
export interface CompanyKeys {
  name: Uint8Array;
  nameAr: Uint8Array;
  logoUrl: Uint8Array;
  squareLogoUrl: Uint8Array;
}

/** The bytes of each key (with what comes before it) of an offer's product fields, as one JSON shape names them. */
export interface ProductKeys {
  type: Uint8Array;
  display: Uint8Array;
  displayAr: Uint8Array;
  fixType: Uint8Array;
}

/** Keys' bytes from their names, as a writer of one JSON shape writes each after a value: `,"name":`. */
export function fieldKeys<K extends string>(names: Record<K, string>): Record<K, Uint8Array> {
  const keys = {} as Record<K, Uint8Array>;
  for (const k of Object.keys(names) as K[]) keys[k] = jsonText(`,${JSON.stringify(names[k])}:`);
  return keys;
}

/**
 * An offer's insurer names and logos, as every copy of an offer carries them (answerRows' rows, and the writers made to
 * match them byte for byte): the Arabic name falls back to the English one, a missing logo is ''.
 */
export function writeCompanyFields(w: JsonWriter, insurer: MotorInsurer, k: CompanyKeys): void {
  w.raw(k.name);
  w.string(insurer.nameEn);
  w.raw(k.nameAr);
  w.string(insurer.nameAr || insurer.nameEn);
  w.raw(k.logoUrl);
  w.string(insurer.logoUrl ?? '');
  w.raw(k.squareLogoUrl);
  w.string(insurer.squareLogoUrl ?? '');
}

/** An offer's cover and product names: the Arabic name falls back to the English one, and only a comprehensive cover has a fix type. */
export function writeProductFields(w: JsonWriter, offer: MotorOffer, k: ProductKeys): void {
  w.raw(k.type);
  w.string(offer.type);
  w.raw(k.display);
  w.string(offer.productNameEn);
  w.raw(k.displayAr);
  w.string(offer.productNameAr || offer.productNameEn);
  w.raw(k.fixType);
  w.string(offer.type === 'Comprehensive' ? offer.fixType : '');
}
