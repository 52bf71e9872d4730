import { halalas } from './i18n';
import { locale } from './context';
import type { Benefit, CoverType, Offer, Price, View } from '@shared/embed-page';

export type Step = 'compare' | 'checkout' | 'otp';

/** What the customer chose so far, and the session's view as the page knows it. */
export interface PageState {
  view: View;
  filter: 'all' | CoverType;
  offer: Offer | null;
  price: Price | null;
  /** Paid add-ons of the chosen offer, by quote_benefit_id. */
  benefits: Record<string, boolean>;
  iban: string;
  /** Uploading other photos instead of the ones on file. */
  replacing: boolean;
  /** The customer confirmed the photos on file are of the car. */
  confirmed: boolean;
  step: Step;
}

/** Set once by openState when the page opens a live session; every screen reads and changes it. */
export let state: PageState;

export function openState(view: View): void {
  state = { view, filter: 'all', offer: null, price: null, benefits: {}, iban: '', replacing: false, confirmed: false, step: 'compare' };
}

/** The chosen offer and price: the checkout, OTP and done screens are only reached with both. */
export function choice(): { offer: Offer; price: Price } {
  if (!state.offer || !state.price) throw new Error('no offer chosen');
  return { offer: state.offer, price: state.price };
}

export const offerName = (o: Offer): string => (locale === 'ar' ? o.company_name_ar : o.company_name) || o.company_name;
export const benefitName = (b: Benefit): string => (locale === 'ar' ? b.name_ar : b.name) || b.name;
export const minTotal = (o: Offer): number => Math.min(...o.prices.map((p) => halalas(p.total)));
export const paidBenefits = (o: Offer): Benefit[] => o.benefits.filter((b) => halalas(b.amount) > 0);

export function chosenBenefits(): Benefit[] {
  return state.offer ? paidBenefits(state.offer).filter((b) => state.benefits[b.quote_benefit_id]) : [];
}

/** The price with the chosen add-ons and their VAT, in halalas; null before a price is chosen. */
export function total(): number | null {
  if (!state.price) return null;
  return chosenBenefits().reduce((s, b) => s + halalas(b.amount) + halalas(b.vat), halalas(state.price.total));
}
