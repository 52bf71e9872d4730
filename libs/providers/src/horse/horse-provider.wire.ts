import { z } from '@lib/common';

const amount = z.string().regex(/^\d+\.\d{2}$/, 'an amount with two decimals');
export const HORSE_USES = ['racing', 'breeding', 'show_jumping', 'endurance', 'leisure'] as const;

/** The sandbox horse insurer's pricing contract. */
export const wireHorseQuoteRequestSchema = z.strictObject({
  age_years: z.number().int().min(0).max(30),
  breed: z.string().min(1),
  use: z.enum(HORSE_USES),
  value: amount,
});

export const wireHorseQuoteResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('quoted'),
    insurer: z.object({ code: z.string(), name_en: z.string(), name_ar: z.string() }),
    rate_percent: z.string(),
    net_premium: amount,
  }),
  z.object({ status: z.literal('declined'), insurer: z.object({ code: z.string(), name_en: z.string(), name_ar: z.string() }), reason: z.string() }),
]);

export type WireHorseQuoteRequest = z.infer<typeof wireHorseQuoteRequestSchema>;
export type WireHorseQuoteResponse = z.infer<typeof wireHorseQuoteResponseSchema>;
