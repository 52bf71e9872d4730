import { HOUR_MS, MINUTE_MS } from '@lib/common';

/**
 * How long a payment link may be paid, per product family (docs/payments.md). Each product module
 * passes its own expiry to PaymentRepository.createPending; these are the documented values.
 */
export const PAYMENT_LINK_PERIODS_MS = {
  /** 24 hours, or until the offer's quote_expiry_date if sooner (motor computes the minimum). */
  motor: 24 * HOUR_MS,
  /** The spec: a medical payment link expires 15 minutes after creation. */
  medical: 15 * MINUTE_MS,
  /** TPL v2: 24 hours (the flat price does not lapse). */
  tpl: 24 * HOUR_MS,
  /** The first life instalment: 24 hours, or until the offer's valid_until if sooner. */
  life: 24 * HOUR_MS,
  /** Horse: 24 hours. */
  horse: 24 * HOUR_MS,
  /** Travel: 24 hours, or until the quote's expires_at if sooner. */
  travel: 24 * HOUR_MS,
} as const;
