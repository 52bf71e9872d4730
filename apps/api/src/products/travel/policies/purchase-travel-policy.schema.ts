import { z } from '@lib/common';

/** The real service's purchase: the quote, and where to send the customer after payment (`policyID` replaced). */
export const purchaseTravelPolicySchema = z.strictObject({
  quote_id: z
    .string({ error: 'The quote id field is required.' })
    .trim()
    .min(1, 'The quote id field is required.')
    .max(16, 'The selected quote id is invalid.'),
  redirect_url: z
    .url({ protocol: /^https?$/, error: 'The redirect url must be an http or https URL.' })
    .max(2048, 'The redirect url may not be longer than 2048 characters.')
    .nullish(),
});

export type PurchaseTravelPolicyInput = z.infer<typeof purchaseTravelPolicySchema>;
