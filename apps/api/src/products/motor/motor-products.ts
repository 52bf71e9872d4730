import type { ProductCode } from '@lib/common';

/** Enrolment in any of these opens the motor price-comparison API (/api/v1/car-comp). */
export const MOTOR_COMPARISON_PRODUCTS: ProductCode[] = ['motor-comprehensive-comparison', 'motor-tpl-comparison', 'motor-comprehensive-multi'];

export const QUOTE_OTP_TTL_MS = 8 * 3_600_000;
export const ISSUE_OTP_TTL_MS = 15 * 60_000;
