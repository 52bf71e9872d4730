import { formatDateTimeOffset, VAT_PERCENT, vatHalalas, jsonText, JSON_PUNCTUATION as P, writtenJson, type Halalas, type JsonWriter } from '@lib/common';
import type { MotorInsurer, MotorOffer } from '@lib/providers';
import { fieldKeys, writeCompanyFields, writeProductFields, type CompanyKeys, type ProductKeys } from './offer-json.fields';
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
    w.raw(P.openArray);
    offers.forEach((offer, i) => {
      if (i) w.raw(P.comma);
      w.raw(K.offerId);
      w.string(ids[next++]);
      writeCompanyFields(w, insurer, COMPANY_KEYS);
      w.raw(K.companyLogo);
      w.string(relativeLogo(insurer.logoUrl ?? ''));
      writeProductFields(w, offer, PRODUCT_KEYS);
      w.raw(K.vehicleValue);
      amount(w, offer.vehicleEstimatedValue ?? carEstimatedValue);
      w.raw(K.expiry);
      w.string(formatDateTimeOffset(offer.validUntil));
      w.raw(K.prices);
      offer.prices.forEach((p, j) => {
        if (j) w.raw(P.comma);
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
        w.raw(P.closeObject);
      });
      w.raw(K.benefits);
      offer.benefits.forEach((b, j) => {
        if (j) w.raw(P.comma);
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
        w.raw(P.closeObject);
      });
      w.raw(P.closeArrayAndObject);
    });
    w.raw(P.closeArray);
  });
}

/** An amount as the JSON number presentOffer gives (amountNumber of its two-place text): the double nearest the decimal. */
function amount(w: JsonWriter, h: Halalas): void {
  w.ascii(String(h / 100));
}

/** The VAT rate as presentOffer writes it (the number of its stored "15.00"). */
const VAT_PERCENT_JSON = String(VAT_PERCENT);

/**
 * presentOffer's keys, each with what comes before it; the insurer's and the product's (below) are written between them
 * in its order. The VAT rate is the same on every price.
 */
const K = {
  offerId: jsonText('{"quote_reference_id":'),
  companyLogo: jsonText(',"company_logo":'),
  vehicleValue: jsonText(',"vehicle_estimated_value":'),
  expiry: jsonText(',"quote_expiry_date":'),
  prices: jsonText(',"prices":['),
  priceId: jsonText('{"quote_price_id":'),
  deductible: jsonText(',"deductible":'),
  subtotal: jsonText(',"subtotal":'),
  vatPercentageAndVat: jsonText(`,"vat_percentage":${VAT_PERCENT_JSON},"vat":`),
  total: jsonText(',"total":'),
  benefits: jsonText('],"benefits":['),
  benefitId: jsonText('{"quote_benefit_id":'),
  code: jsonText(',"id":'),
  name: jsonText(',"name":'),
  nameAr: jsonText(',"name_ar":'),
  amount: jsonText(',"amount":'),
  vat: jsonText(',"vat":'),
  url: jsonText(',"url":'),
};

const COMPANY_KEYS: CompanyKeys = fieldKeys({
  name: 'company_name',
  nameAr: 'company_name_ar',
  logoUrl: 'company_logo_url',
  squareLogoUrl: 'square_company_logo_url',
});
const PRODUCT_KEYS: ProductKeys = fieldKeys({ type: 'type', display: 'insurance_type_display', displayAr: 'insurance_type_display_ar', fixType: 'fix_type' });
