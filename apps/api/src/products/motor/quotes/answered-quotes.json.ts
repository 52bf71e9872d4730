import { formatDateTimeOffset, VAT_PERCENT, vatHalalas, writtenJson, type Halalas, type JsonWriter } from '@lib/common';
import type { MotorInsurer, MotorOffer } from '@lib/providers';
import { relativeLogo } from './quote-request.presenter';

/**
 * An insurer's offers as partners read them, written straight from its answer as the JSON bytes that are sent and kept:
 * byte for byte what presentOffer gives for the offers answerRows makes of the same answer with the same ids
 * (quote-answer.rows.spec.ts holds the two together). A quote request's nine answers hold some 2,000 values: making
 * the rows' prices and benefits, then the presented objects, then their JSON cost about twice this, and those objects
 * were a fifth of what the fan-out allocated.
 *
 * `ids`: each offer's id, then its prices' ids, then its benefits' ids, offer after offer (answerRows' order).
 */
export function answeredQuotesJson(insurer: MotorInsurer, offers: readonly MotorOffer[], carEstimatedValue: Halalas, ids: readonly string[]): Buffer {
  return writtenJson((w) => {
    let next = 0;
    w.raw(OPEN_ARRAY);
    offers.forEach((offer, i) => {
      if (i) w.raw(COMMA);
      w.raw(K.offerId);
      w.string(ids[next++]);
      w.raw(K.companyName);
      w.string(insurer.nameEn);
      w.raw(K.companyNameAr);
      w.string(insurer.nameAr || insurer.nameEn);
      w.raw(K.companyLogoUrl);
      w.string(insurer.logoUrl ?? '');
      w.raw(K.squareCompanyLogoUrl);
      w.string(insurer.squareLogoUrl ?? '');
      w.raw(K.companyLogo);
      w.string(relativeLogo(insurer.logoUrl ?? ''));
      w.raw(K.type);
      w.string(offer.type);
      w.raw(K.typeDisplay);
      w.string(offer.productNameEn);
      w.raw(K.typeDisplayAr);
      w.string(offer.productNameAr || offer.productNameEn);
      w.raw(K.fixType);
      w.string(offer.type === 'Comprehensive' ? offer.fixType : '');
      w.raw(K.vehicleValue);
      amount(w, offer.vehicleEstimatedValue ?? carEstimatedValue);
      w.raw(K.expiry);
      w.string(formatDateTimeOffset(offer.validUntil));
      w.raw(K.prices);
      offer.prices.forEach((p, j) => {
        if (j) w.raw(COMMA);
        const vat = vatHalalas(p.netPremium);
        w.raw(K.priceId);
        w.string(ids[next++]);
        w.raw(K.deductible);
        if (p.deductible === null) w.ascii('null');
        else amount(w, p.deductible);
        w.raw(K.subtotal);
        amount(w, p.netPremium);
        w.raw(K.vatPercentageAndVat);
        amount(w, vat);
        w.raw(K.total);
        amount(w, p.netPremium + vat);
        w.raw(CLOSE_OBJECT);
      });
      w.raw(K.benefits);
      offer.benefits.forEach((b, j) => {
        if (j) w.raw(COMMA);
        w.raw(K.benefitId);
        w.string(ids[next++]);
        w.raw(K.code);
        w.string(b.code);
        w.raw(K.name);
        w.string(b.nameEn);
        w.raw(K.nameAr);
        w.string(b.nameAr || b.nameEn);
        w.raw(K.amount);
        amount(w, b.amount);
        w.raw(K.vat);
        amount(w, vatHalalas(b.amount));
        w.raw(K.url);
        if (b.url === null) w.ascii('null');
        else w.string(b.url);
        w.raw(CLOSE_OBJECT);
      });
      w.raw(CLOSE_ARRAY_AND_OBJECT);
    });
    w.raw(CLOSE_ARRAY);
  });
}

/** An amount as the JSON number presentOffer gives (amountNumber of its two-place text): the double nearest the decimal. */
function amount(w: JsonWriter, h: Halalas): void {
  w.ascii(String(h / 100));
}

const bytes = (text: string) => Buffer.from(text, 'latin1');
/** The VAT rate as presentOffer writes it (the number of its stored "15.00"). */
const VAT_PERCENT_JSON = String(VAT_PERCENT);
const OPEN_ARRAY = bytes('[');
const COMMA = bytes(',');
const CLOSE_OBJECT = bytes('}');
const CLOSE_ARRAY = bytes(']');
const CLOSE_ARRAY_AND_OBJECT = bytes(']}');

/** presentOffer's keys, in its order, each with what comes before it. The VAT rate is the same on every price. */
const K = {
  offerId: bytes('{"quote_reference_id":'),
  companyName: bytes(',"company_name":'),
  companyNameAr: bytes(',"company_name_ar":'),
  companyLogoUrl: bytes(',"company_logo_url":'),
  squareCompanyLogoUrl: bytes(',"square_company_logo_url":'),
  companyLogo: bytes(',"company_logo":'),
  type: bytes(',"type":'),
  typeDisplay: bytes(',"insurance_type_display":'),
  typeDisplayAr: bytes(',"insurance_type_display_ar":'),
  fixType: bytes(',"fix_type":'),
  vehicleValue: bytes(',"vehicle_estimated_value":'),
  expiry: bytes(',"quote_expiry_date":'),
  prices: bytes(',"prices":['),
  priceId: bytes('{"quote_price_id":'),
  deductible: bytes(',"deductible":'),
  subtotal: bytes(',"subtotal":'),
  vatPercentageAndVat: bytes(`,"vat_percentage":${VAT_PERCENT_JSON},"vat":`),
  total: bytes(',"total":'),
  benefits: bytes('],"benefits":['),
  benefitId: bytes('{"quote_benefit_id":'),
  code: bytes(',"id":'),
  name: bytes(',"name":'),
  nameAr: bytes(',"name_ar":'),
  amount: bytes(',"amount":'),
  vat: bytes(',"vat":'),
  url: bytes(',"url":'),
};
