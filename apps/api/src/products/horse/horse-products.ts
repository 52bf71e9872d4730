import type { ProductCode } from '@lib/common';

export const HORSE_PRODUCTS: ProductCode[] = ['horse'];
export const HORSE_PROVIDER = Symbol('HORSE_PROVIDER');
/** The horse insurer's names, for the payment page and the tax invoice. */
export const HORSE_INSURER_NAMES = { en: 'Caravan Shield Insurance', ar: 'درع القافلة للتأمين' };

/** A horse policy cancelled within 15 days of payment gets back everything paid; later, the unused days of the year. */
export const HORSE_COOLING_OFF_DAYS = 15;
