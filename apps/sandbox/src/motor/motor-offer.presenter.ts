import { createHash } from 'node:crypto';
import { amountString } from '@lib/common';
import type { WireOffer, WireQuoteRequest, WireQuoteResponse } from '@lib/providers';
import { BENEFIT_NAMES } from '../insurers/benefit-names.data';
import type { InsurerProfile } from '../insurers/insurer-profile';
import type { PricedOffer, PricingResult } from './motor-pricing';

export interface PresentContext {
  insurer: InsurerProfile;
  request: WireQuoteRequest;
  now: Date;
  /** Base for absolute terms URLs. */
  baseUrl: string;
}

/** Insurer-side references are derived from the request, so a repeated request gets the same ones. */
function reference(parts: (string | number)[]): string {
  return createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24);
}

function present(offer: PricedOffer, ctx: PresentContext): WireOffer {
  const { insurer, request } = ctx;
  const ref = `${insurer.code.toUpperCase()}-${reference([insurer.code, request.request_reference, offer.type, offer.fixType])}`;
  return {
    reference: ref,
    type: offer.type,
    product_name_en: offer.labelEn,
    product_name_ar: offer.labelAr,
    fix_type: offer.fixType,
    vehicle_estimated_value: offer.valuation === null ? null : amountString(offer.valuation),
    valid_until: new Date(ctx.now.getTime() + insurer.validityHours * 3_600_000).toISOString(),
    prices: offer.prices.map((p) => ({
      reference: `${ref}-${p.deductible ?? 'N'}`,
      deductible: p.deductible === null ? null : amountString(p.deductible),
      net_premium: amountString(p.netPremium),
    })),
    benefits: offer.benefits.map((b) => ({
      code: b.code,
      name_en: BENEFIT_NAMES[b.kind].en,
      name_ar: BENEFIT_NAMES[b.kind].ar,
      amount: b.amount,
      url: b.hasTerms ? `${ctx.baseUrl}/insurers/${insurer.code}/terms/${encodeURIComponent(b.code)}` : null,
    })),
  };
}

export function presentQuote(result: PricingResult, ctx: PresentContext): WireQuoteResponse {
  if (result.status === 'declined') {
    return { status: 'declined', insurer: ctx.insurer.code, reason_code: result.reasonCode, reason: result.reason[ctx.request.locale] };
  }
  return { status: 'quoted', insurer: ctx.insurer.code, offers: result.offers.map((o) => present(o, ctx)) };
}
