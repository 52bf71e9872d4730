import { z } from '@lib/common';

const amount = z.string().regex(/^\d+\.\d{2}$/, 'an amount with two decimals');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

/** The age bands a travel premium is priced by, youngest first. */
export const TRAVEL_BANDS = ['child', 'adult', 'senior'] as const;
export type TravelBand = (typeof TRAVEL_BANDS)[number];

/** The trip lengths (days) a single-trip Schengen policy is sold for; a multi-entry policy runs a fixed 180 days. */
export const TRAVEL_DURATIONS = [7, 10, 15, 21, 30, 60, 90, 180] as const;
export const MULTI_ENTRY_DAYS = 180;

/** The sandbox travel insurer's pricing contract: the trip and each traveller's age on the start date. */
export const wireTravelQuoteRequestSchema = z.strictObject({
  start_date: isoDate,
  duration_days: z.number().int().min(1).max(366),
  multi_entry: z.boolean(),
  travellers: z
    .array(z.strictObject({ age: z.number().int().min(0).max(130) }))
    .min(1)
    .max(20),
});

const bandLine = z.strictObject({ count: z.number().int().min(1), price: amount, total: amount });
const insurer = z.object({ code: z.string(), name_en: z.string(), name_ar: z.string() });

export const wireTravelQuoteResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('quoted'),
    insurer,
    /** Net premium per band (price per traveller, count, total); only the bands present. */
    items: z.strictObject({ child: bandLine.optional(), adult: bandLine.optional(), senior: bandLine.optional() }),
    /** The insurer's policy fee, net of VAT. */
    admin_fee: amount,
    product_name_en: z.string(),
    product_name_ar: z.string(),
  }),
  z.object({ status: z.literal('declined'), insurer, reason: z.string() }),
]);

export const wireTravelCancelRequestSchema = z.strictObject({ reference: z.string().min(1).max(64), cancelled_on: isoDate });
export const wireTravelCancelledSchema = z.object({ policy_number: z.string().min(1), cancelled_on: isoDate, already_cancelled: z.boolean() });

export type WireTravelQuoteRequest = z.infer<typeof wireTravelQuoteRequestSchema>;
export type WireTravelQuoteResponse = z.infer<typeof wireTravelQuoteResponseSchema>;
export type WireTravelCancelRequest = z.infer<typeof wireTravelCancelRequestSchema>;
export type WireTravelCancelled = z.infer<typeof wireTravelCancelledSchema>;
