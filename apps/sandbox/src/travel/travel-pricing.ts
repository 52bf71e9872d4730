import Decimal from 'decimal.js';
import { amountString } from '@lib/common';
import { MULTI_ENTRY_DAYS, TRAVEL_DURATIONS, type TravelBand, type WireTravelQuoteRequest } from '@lib/providers';

/** Net premium for one adult by trip length in days (invented rates); a multi-entry policy is its own rate. */
const ADULT_RATE: Record<(typeof TRAVEL_DURATIONS)[number], string> = {
  7: '45.00',
  10: '55.00',
  15: '70.00',
  21: '85.00',
  30: '110.00',
  60: '180.00',
  90: '240.00',
  180: '380.00',
};
const MULTI_ENTRY_ADULT_RATE = '450.00';
/** Children travel at half the adult rate, seniors at twice it. */
const BAND_FACTOR: Record<TravelBand, string> = { child: '0.5', adult: '1', senior: '2' };
export const TRAVEL_ADMIN_FEE = '25.00';
export const TRAVEL_MAX_AGE = 85;

export function bandOf(age: number): TravelBand {
  if (age < 18) return 'child';
  return age < 65 ? 'adult' : 'senior';
}

export type TravelPricing =
  { ok: true; items: Partial<Record<TravelBand, { count: number; price: string; total: string }>>; adminFee: string } | { ok: false; reason: string };

/** Deterministic: the same trip and ages always get the same bill. */
export function priceTrip(trip: WireTravelQuoteRequest): TravelPricing {
  const oldest = Math.max(...trip.travellers.map((t) => t.age));
  if (oldest > TRAVEL_MAX_AGE) return { ok: false, reason: `Travellers older than ${TRAVEL_MAX_AGE} are not insured.` };
  let adultRate: string;
  if (trip.multi_entry) adultRate = MULTI_ENTRY_ADULT_RATE;
  else {
    const bracket = TRAVEL_DURATIONS.find((d) => d >= trip.duration_days);
    if (!bracket) return { ok: false, reason: `Single trips longer than ${MULTI_ENTRY_DAYS} days are not insured.` };
    adultRate = ADULT_RATE[bracket];
  }
  const items: Partial<Record<TravelBand, { count: number; price: string; total: string }>> = {};
  for (const t of trip.travellers) {
    const band = bandOf(t.age);
    const price = new Decimal(adultRate).times(BAND_FACTOR[band]);
    const line = items[band];
    items[band] = { count: (line?.count ?? 0) + 1, price: amountString(price), total: amountString(price.times((line?.count ?? 0) + 1)) };
  }
  return { ok: true, items, adminFee: TRAVEL_ADMIN_FEE };
}
