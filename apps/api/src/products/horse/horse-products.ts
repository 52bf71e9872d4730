import type { ProductCode } from '@lib/common';

export const HORSE_PRODUCTS: ProductCode[] = ['horse'];
export const HORSE_PROVIDER = Symbol('HORSE_PROVIDER');

/** A horse policy cancelled within 15 days of payment gets back everything paid; later, the unused days of the year. */
export const HORSE_COOLING_OFF_DAYS = 15;
