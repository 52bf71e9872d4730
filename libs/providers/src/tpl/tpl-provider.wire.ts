import { z } from '@lib/common';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'The sha256 must be 64 lowercase hex characters.');

/** A vehicle document (istimarah or updated vehicle information document) as the sandbox registry knows it. */
export const wireRegisteredDocumentSchema = z.object({
  sha256,
  vin: z.string(),
  car_sequence_number: z.string(),
  owner_id: z.string(),
  ownership_transfer_complete: z.boolean(),
  registered_at: z.string(),
});
export type WireRegisteredDocument = z.infer<typeof wireRegisteredDocumentSchema>;

/** The registry's control route body (tests and demos register what a document says). */
export const wireRegisterDocumentRequestSchema = z.strictObject({
  sha256,
  vin: z.string().regex(/^[A-HJ-NPR-Z0-9]{17}$/, 'The vin must be 17 letters and digits without I, O or Q.'),
  car_sequence_number: z.string().regex(/^\d{8,9}$/, 'The car sequence number must be 8 or 9 digits.'),
  owner_id: z.string().regex(/^\d{10}$/, 'The owner id must be 10 digits.'),
  ownership_transfer_complete: z.boolean(),
});
export type WireRegisterDocumentRequest = z.infer<typeof wireRegisterDocumentRequestSchema>;

/** The sandbox TPL insurer's flat premium. Amounts are strings of SAR with two decimals. */
export const wireTplPriceSchema = z.object({
  insurer_code: z.string(),
  insurer_name_en: z.string(),
  insurer_name_ar: z.string(),
  subtotal: z.string(),
  vat_percentage: z.string(),
  vat: z.string(),
  total: z.string(),
});
export type WireTplPrice = z.infer<typeof wireTplPriceSchema>;

export const wireTplIssueRequestSchema = z.strictObject({
  reference: z.string().min(1).max(100),
  vin: z.string().length(17),
  car_sequence_number: z.string().regex(/^\d{8,9}$/),
  owner_id: z.string().regex(/^\d{10}$/),
  start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type WireTplIssueRequest = z.infer<typeof wireTplIssueRequestSchema>;

export const wireTplIssuedSchema = z.object({
  policy_number: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  already_issued: z.boolean(),
});
export type WireTplIssued = z.infer<typeof wireTplIssuedSchema>;

/** Asks the sandbox vehicle registry to issue a vehicle information document (a PDF it then knows by its hash). */
export const wireIssueDocumentRequestSchema = wireRegisterDocumentRequestSchema.omit({ sha256: true });
export type WireIssueDocumentRequest = z.infer<typeof wireIssueDocumentRequestSchema>;
