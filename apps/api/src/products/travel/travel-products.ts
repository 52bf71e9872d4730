import { HOUR_MS, type ProductCode } from '@lib/common';

export const TRAVEL_PRODUCTS: ProductCode[] = ['travel'];
export const TRAVEL_PROVIDER = Symbol('TRAVEL_PROVIDER');
/** The real service's product type string on quotes. */
export const TRAVEL_QUOTE_TYPE = 'yasmina_schengen_travel_insurance';
export const TRAVEL_BASE = 'api/v1/yasmina-schengen-travel';

/** A quote can be bought for 48 hours; its payment link lasts 24 hours or until then if sooner. */
export const TRAVEL_QUOTE_VALID_MS = 48 * HOUR_MS;
/** A trip may start today or up to 180 days ahead (Schengen visa applications open six months before travel). */
export const TRAVEL_START_HORIZON_DAYS = 180;
/** Schengen rule: a passport must be valid at least three months after the traveller leaves. */
export const PASSPORT_VALID_MONTHS_AFTER_TRIP = 3;
export const MAX_TRAVELLERS = 10;
/** The main applicant signs the contract. */
export const MIN_APPLICANT_AGE = 18;

/** Nationalities the real service does not accept for travellers (its documented enum leaves them out). */
export const EXCLUDED_NATIONALITIES = ['AX', 'BQ', 'CW', 'IL', 'SZ', 'TF'] as const;

export const TRAVEL_CLAIM_TYPES = ['medical_emergency', 'trip_delay', 'lost_baggage', 'other'] as const;

/** The one travel insurer's names, for the payment page and the PDFs. */
export const TRAVEL_INSURER_NAMES = { en: 'Red Sea Compass Insurance', ar: 'بوصلة البحر الأحمر للتأمين' };
export const TRAVEL_PRODUCT_NAMES = { en: 'Schengen travel insurance', ar: 'تأمين السفر إلى دول شنغن' };
