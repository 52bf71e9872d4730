import type { ProductCode } from '@lib/common';

/** Either enrolment opens the whole property API (the spec's two property entries). */
export const PROPERTY_PRODUCTS: ProductCode[] = ['property-multi', 'property-comparison'];

export const PROPERTY_PROVIDER = Symbol('PROPERTY_PROVIDER');

/** Policy status: the spec's 0 and 1, and 2 for a cancelled policy (the real service's other products use 2 the same way). */
