import { z } from '@lib/common';

/**
 * The HTTP contract between the API and the card payment vendor (the sandbox vendor implements it),
 * shared by both ends. Card data never appears here: the vendor hosts the card form, and the service
 * only ever learns a vendor payment id and its status.
 */
export const VENDOR_PAYMENT_STATUSES = ['pending', 'paid', 'declined', 'failed'] as const;
export type VendorPaymentStatus = (typeof VENDOR_PAYMENT_STATUSES)[number];

const amount = z.string().regex(/^\d{1,12}\.\d{2}$/, 'The amount must be a decimal string with 2 places.');
const httpUrl = z.url({ protocol: /^https?$/ });

/** API -> vendor: open a hosted checkout for one payment of ours (`reference`); idempotent by reference while open. */
export const wireCheckoutRequestSchema = z.strictObject({
  reference: z.string().min(1).max(64),
  amount,
  currency: z.literal('SAR'),
  description: z.string().max(255),
  locale: z.enum(['en', 'ar']),
  /** Where the vendor sends the customer afterwards (with `vendor_payment_id` added to the query). */
  return_url: httpUrl,
  /** Where the vendor posts its signed outcome notice. */
  callback_url: httpUrl,
  expires_at: z.iso.datetime(),
});

export const wireVendorPaymentSchema = z.object({
  id: z.string().min(1).max(64),
  reference: z.string(),
  amount,
  currency: z.string(),
  status: z.enum(VENDOR_PAYMENT_STATUSES),
  /** Why a payment was declined or failed, e.g. `card_declined`, `processing_error`. */
  failure_code: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

export const wireCheckoutResponseSchema = wireVendorPaymentSchema.extend({
  /** The vendor's card page, on the vendor's own origin. */
  checkout_url: httpUrl,
});

/** Vendor -> API callback body. Only a hint: the API asks the vendor for the payment before acting. */
export const wireVendorCallbackSchema = z.strictObject({
  event_id: z.string().min(1).max(64),
  vendor_payment_id: z.string().min(1).max(64),
  reference: z.string().max(64),
  status: z.enum(VENDOR_PAYMENT_STATUSES),
});

/** API -> vendor: refund part or all of a paid payment; idempotent by `reference` (our refund's id). */
export const wireRefundRequestSchema = z.strictObject({
  reference: z.string().min(1).max(64),
  amount,
  currency: z.literal('SAR'),
});

export const wireRefundSchema = z.object({
  id: z.string().min(1).max(64),
  payment_id: z.string().min(1).max(64),
  reference: z.string(),
  amount,
  currency: z.string(),
  status: z.literal('succeeded'),
  created_at: z.iso.datetime(),
});

export type WireRefundRequest = z.infer<typeof wireRefundRequestSchema>;
export type WireRefund = z.infer<typeof wireRefundSchema>;
export type WireCheckoutRequest = z.infer<typeof wireCheckoutRequestSchema>;
export type WireCheckoutResponse = z.infer<typeof wireCheckoutResponseSchema>;
export type WireVendorPayment = z.infer<typeof wireVendorPaymentSchema>;
export type WireVendorCallback = z.infer<typeof wireVendorCallbackSchema>;
