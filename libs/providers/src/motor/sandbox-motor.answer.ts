import { regexes } from 'zod/v4/core';
import { halalasOf, type Halalas } from '@lib/common';
import type { MotorBenefit, MotorCoverType, MotorFixType, MotorOffer, MotorPriceOption, MotorQuoteResult } from './motor-provider.port';
import { COVER_TYPES, FIX_TYPES, httpUrl } from './sandbox-motor.wire';

/**
 * Reads an insurer's quote answer into the port's result in one pass, by the rules of wireQuoteResponseSchema,
 * or gives undefined when anything breaks them; the caller then asks the schema, which names what broke.
 * A quote request brings nine answers of hundreds of values: checking them with the schema and then mapping
 * the copy it makes cost several times this. What this accepts, the schema accepts with the same result
 * (sandbox-motor.answer.spec.ts holds the two together on valid and broken answers).
 */
export function readQuoteAnswer(json: unknown): MotorQuoteResult | undefined {
  if (!isObject(json) || !isText(json.insurer)) return undefined;
  if (json.status === 'declined') {
    return isText(json.reason_code) && isText(json.reason) ? { status: 'declined', reasonCode: json.reason_code, reason: json.reason } : undefined;
  }
  if (json.status !== 'quoted' || !Array.isArray(json.offers) || json.offers.length === 0) return undefined;
  const offers: MotorOffer[] = [];
  for (const wire of json.offers) {
    const offer = readOffer(wire);
    if (!offer) return undefined;
    offers.push(offer);
  }
  return { status: 'quoted', offers };
}

const DATE_TIME = regexes.datetime({ offset: true });
const coverTypes: ReadonlySet<unknown> = new Set(COVER_TYPES);
const fixTypes: ReadonlySet<unknown> = new Set(FIX_TYPES);

function readOffer(w: unknown): MotorOffer | undefined {
  if (!isObject(w)) return undefined;
  const { type, fix_type: fixType, valid_until: validUntil } = w;
  if (!isText(w.reference) || !coverTypes.has(type) || !isText(w.product_name_en) || !isText(w.product_name_ar) || !fixTypes.has(fixType)) return undefined;
  const value = w.vehicle_estimated_value === null ? null : amountOut(w.vehicle_estimated_value);
  if (value === undefined) return undefined;
  if (typeof validUntil !== 'string' || !DATE_TIME.test(validUntil)) return undefined;
  if (!Array.isArray(w.prices) || w.prices.length === 0 || !Array.isArray(w.benefits)) return undefined;

  const comprehensive = type === 'Comprehensive';
  if (comprehensive === (fixType === '')) return undefined;
  const prices: MotorPriceOption[] = [];
  for (const p of w.prices) {
    const price = readPrice(p);
    if (!price || (comprehensive && price.deductible === null)) return undefined;
    prices.push(price);
  }
  if (!comprehensive && (prices.length !== 1 || prices[0].deductible !== null)) return undefined;
  const benefits: MotorBenefit[] = [];
  const codes = new Set<string>();
  for (const b of w.benefits) {
    const benefit = readBenefit(b);
    if (!benefit || codes.has(benefit.code)) return undefined;
    codes.add(benefit.code);
    benefits.push(benefit);
  }
  return {
    providerReference: w.reference,
    type: type as MotorCoverType,
    productNameEn: w.product_name_en,
    productNameAr: w.product_name_ar,
    fixType: fixType as MotorFixType,
    vehicleEstimatedValue: value,
    validUntil: new Date(validUntil),
    prices,
    benefits,
  };
}

function readPrice(p: unknown): MotorPriceOption | undefined {
  if (!isObject(p) || !isText(p.reference)) return undefined;
  const deductible = p.deductible === null ? null : amountOut(p.deductible);
  const netPremium = amountOut(p.net_premium);
  if (deductible === undefined || netPremium === undefined) return undefined;
  return { providerReference: p.reference, deductible, netPremium };
}

function readBenefit(b: unknown): MotorBenefit | undefined {
  if (!isObject(b) || !isText(b.code) || !isText(b.name_en) || !isText(b.name_ar)) return undefined;
  const amount = amountOut(b.amount);
  const url = b.url === null ? null : checkedUrl(b.url);
  if (amount === undefined || url === undefined) return undefined;
  return { code: b.code, nameEn: b.name_en, nameAr: b.name_ar, amount, url };
}

/** An insurer's amount: a string of 1 to 12 digits, a point and exactly 2 digits (the contract's amountOut). */
function amountOut(v: unknown): Halalas | undefined {
  if (typeof v !== 'string' || v.length < 4 || v.charCodeAt(v.length - 3) !== 46 /* . */) return undefined;
  return halalasOf(v) ?? undefined;
}

/**
 * Benefit URLs repeat from one quote request to the next (an insurer's terms pages): each distinct string is
 * judged once by the contract's own URL rule and its result (the URL as the schema outputs it) remembered.
 */
const urls = new Map<string, string | null>();
const MAX_URLS = 4096;

function checkedUrl(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  let checked = urls.get(v);
  if (checked === undefined) {
    const parsed = httpUrl.safeParse(v);
    checked = parsed.success ? parsed.data : null;
    if (urls.size >= MAX_URLS) urls.clear();
    urls.set(v, checked);
  }
  return checked ?? undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isText(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0;
}
