import type { ProductCode } from '@lib/common';

export const LIFE_PRODUCTS: ProductCode[] = ['life-snp'];
export const LIFE_PROVIDER = Symbol('LIFE_PROVIDER');

/**
 * Cooling-off period: a life policy cancelled within 30 days of payment gets back everything paid
 * (the free-look period Saudi protection and savings products commonly give). Later, the unused share
 * of the paid instalment period is refunded (@lib/common's refund-rules, docs/refund-rules.md).
 */
export const LIFE_COOLING_OFF_DAYS = 30;

/** Months one paid instalment covers, by premium frequency. */
export const INSTALMENT_MONTHS = { monthly: 1, quarterly: 3, semi_annual: 6, annual: 12 } as const;

/** Policy status values, the same integers as motor and property. */
