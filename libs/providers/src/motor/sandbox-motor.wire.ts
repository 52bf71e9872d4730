import { z } from '@lib/common';

/**
 * The HTTP contract between the API and the sandbox insurers, shared by both ends so neither can
 * drift: the sandbox parses requests with it and the adapter parses every response with it.
 * Money travels as decimal strings ("2345.60"), never JSON numbers, and every amount is net of VAT.
 */
export const COVER_TYPES = ['Comprehensive', 'TPL', 'TPL +'] as const;
export const FIX_TYPES = ['Agency', 'workshop', ''] as const;
export const PHOTO_PARTS = ['front', 'back', 'right', 'left', 'chassis'] as const;
export const DRIVING_PERCENTAGES = [25, 50, 75, 100] as const;

const personId = z.string().regex(/^[12]\d{9}$/, 'The id must be 10 digits starting with 1 or 2.');
const age = z.number().int().min(0).max(120);
const code = z.number().int().positive().max(2_147_483_647);
const sequenceNumber = z.string().regex(/^\d{8,9}$/, 'The sequence number must be 8 to 9 digits.');
const customNumber = z.string().regex(/^\d{6,10}$/, 'The custom number must be 6 to 10 digits.');
/** An amount sent by the API: up to two decimals. */
const amountIn = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'The amount must be a decimal string with at most 2 places.');
/** An amount answered by an insurer: exactly two decimals, so no one guesses at rounding. */
const amountOut = z.string().regex(/^\d{1,12}\.\d{2}$/, 'The amount must be a decimal string with 2 places.');
/** An absolute http(s) URL (zod's URL rule: trimmed, tabs and newlines taken out). */
export const httpUrl = z.url({ protocol: /^https?$/ });

export const wireDriverSchema = z.strictObject({
  id: personId,
  age,
  driving_percentage: z.union(DRIVING_PERCENTAGES.map((p) => z.literal(p))),
});

export const wireVehicleSchema = z
  .strictObject({
    sequence_number: sequenceNumber.optional(),
    custom_number: customNumber.optional(),
    maker_code: code.optional(),
    model_code: code.optional(),
    body_type_code: code.optional(),
    model_year: z.number().int().min(1950).max(2100),
    estimated_value: amountIn,
  })
  .superRefine((v, ctx) => {
    if ((v.sequence_number === undefined) === (v.custom_number === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['sequence_number'], message: 'Exactly one of sequence number and custom number is required.' });
    }
    if (v.custom_number !== undefined) {
      for (const key of ['maker_code', 'model_code', 'body_type_code'] as const) {
        if (v[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: `The ${key.replace(/_/g, ' ')} is required with a custom number.` });
      }
    }
  });

export const wireQuoteRequestSchema = z
  .strictObject({
    request_reference: z.string().min(1).max(64),
    locale: z.enum(['en', 'ar']),
    owner: z.strictObject({ id: personId, age }),
    drivers: z.array(wireDriverSchema).min(1).max(4),
    vehicle: wireVehicleSchema,
    is_ownership_transfer: z.boolean(),
    start_date: z.iso.date(),
  })
  .superRefine((r, ctx) => {
    const total = r.drivers.reduce((acc, d) => acc + d.driving_percentage, 0);
    if (total !== 100) ctx.addIssue({ code: 'custom', path: ['drivers'], message: 'The driving percentages must add up to 100.' });
    if (!r.drivers.some((d) => d.id === r.owner.id)) ctx.addIssue({ code: 'custom', path: ['drivers'], message: 'The owner must be one of the drivers.' });
    if (new Set(r.drivers.map((d) => d.id)).size !== r.drivers.length)
      ctx.addIssue({ code: 'custom', path: ['drivers'], message: 'A driver is listed twice.' });
  });

export const wirePriceSchema = z.object({
  reference: z.string().min(1),
  deductible: amountOut.nullable(),
  net_premium: amountOut,
});

export const wireBenefitSchema = z.object({
  code: z.string().min(1),
  name_en: z.string().min(1),
  name_ar: z.string().min(1),
  amount: amountOut,
  url: httpUrl.nullable(),
});

export const wireOfferSchema = z
  .object({
    reference: z.string().min(1),
    type: z.enum(COVER_TYPES),
    product_name_en: z.string().min(1),
    product_name_ar: z.string().min(1),
    fix_type: z.enum(FIX_TYPES),
    vehicle_estimated_value: amountOut.nullable(),
    valid_until: z.iso.datetime({ offset: true }),
    prices: z.array(wirePriceSchema).min(1),
    benefits: z.array(wireBenefitSchema),
  })
  .superRefine((o, ctx) => {
    const comprehensive = o.type === 'Comprehensive';
    if (comprehensive === (o.fix_type === '')) {
      ctx.addIssue({ code: 'custom', path: ['fix_type'], message: 'Comprehensive offers name a repair type; TPL offers have none.' });
    }
    if (!comprehensive && (o.prices.length !== 1 || o.prices[0].deductible !== null)) {
      ctx.addIssue({ code: 'custom', path: ['prices'], message: 'A TPL offer has exactly one price, without deductible.' });
    }
    if (comprehensive && o.prices.some((p) => p.deductible === null)) {
      ctx.addIssue({ code: 'custom', path: ['prices'], message: 'Every comprehensive price has a deductible.' });
    }
    if (new Set(o.benefits.map((b) => b.code)).size !== o.benefits.length) {
      ctx.addIssue({ code: 'custom', path: ['benefits'], message: 'Benefit codes are unique within an offer.' });
    }
  });

export const wireQuoteResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('quoted'), insurer: z.string().min(1), offers: z.array(wireOfferSchema).min(1) }),
  z.object({ status: z.literal('declined'), insurer: z.string().min(1), reason_code: z.string().min(1), reason: z.string().min(1) }),
]);

export const wireInsurerSchema = z.object({
  code: z.string().min(1),
  name_en: z.string().min(1),
  name_ar: z.string().min(1),
  logo_url: httpUrl.nullable(),
  square_logo_url: httpUrl.nullable(),
  motor_products: z.array(z.enum(COVER_TYPES)),
});

export const wireInsurersResponseSchema = z.object({ insurers: z.array(wireInsurerSchema) });

export const wireRegisterVehicleRequestSchema = z.strictObject({
  custom_number: customNumber,
  maker_code: code,
  model_code: code,
  body_type_code: code,
  model_year: z.number().int().min(1950).max(2100),
  owner_id: personId,
});

export const wireRegisteredVehicleSchema = z.object({
  custom_number: customNumber,
  maker_code: code,
  model_code: code,
  body_type_code: code,
  model_year: z.number().int(),
  owner_id: personId,
  registered_at: z.iso.datetime({ offset: true }),
  already_registered: z.boolean(),
});

export const wireVehicleKeySchema = z.union([z.strictObject({ sequence_number: sequenceNumber }), z.strictObject({ custom_number: customNumber })]);

const photoUrlShape = { front: httpUrl, back: httpUrl, right: httpUrl, left: httpUrl, chassis: httpUrl } satisfies Record<
  (typeof PHOTO_PARTS)[number],
  unknown
>;

export const wirePhotoRequestSchema = z.strictObject({ vehicle: wireVehicleKeySchema, photos: z.strictObject(photoUrlShape) });

export const wirePhotoResponseSchema = z.object({
  status: z.enum(['registered', 'already_registered']),
  photos: z.object(photoUrlShape),
});

/**
 * API -> insurer after payment: issue the policy. Idempotent by `reference` (our policy): a repeat
 * answers the same policy number with `already_issued` true, so a retried activation never issues twice.
 */
export const wireIssuePolicyRequestSchema = z.strictObject({
  reference: z.string().min(1).max(64),
  payment_reference: z.string().min(1).max(64),
  offer_reference: z.string().min(1).max(255),
  price_reference: z.string().min(1).max(255),
  owner_id: personId,
  vehicle: wireVehicleKeySchema,
  start_date: z.iso.date(),
  /** What the customer paid, VAT and chosen benefits included. */
  premium: amountIn,
});

export const wireIssuedPolicySchema = z.object({
  policy_number: z.string().min(1).max(64),
  reference: z.string(),
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  issued_at: z.iso.datetime({ offset: true }),
  already_issued: z.boolean(),
});

/** The body of every sandbox error; `errors` names the failing fields on 422. */
export const wireErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export type WireQuoteRequest = z.infer<typeof wireQuoteRequestSchema>;
export type WireQuoteResponse = z.infer<typeof wireQuoteResponseSchema>;
export type WireOffer = z.infer<typeof wireOfferSchema>;
export type WirePrice = z.infer<typeof wirePriceSchema>;
export type WireBenefit = z.infer<typeof wireBenefitSchema>;
export type WireInsurer = z.infer<typeof wireInsurerSchema>;
export type WireRegisterVehicleRequest = z.infer<typeof wireRegisterVehicleRequestSchema>;
export type WireRegisteredVehicle = z.infer<typeof wireRegisteredVehicleSchema>;
export type WireVehicleKey = z.infer<typeof wireVehicleKeySchema>;
export type WirePhotoRequest = z.infer<typeof wirePhotoRequestSchema>;
export type WirePhotoResponse = z.infer<typeof wirePhotoResponseSchema>;
export type WireError = z.infer<typeof wireErrorSchema>;
export type WireIssuePolicyRequest = z.infer<typeof wireIssuePolicyRequestSchema>;
export type WireIssuedPolicy = z.infer<typeof wireIssuedPolicySchema>;
export type CoverType = (typeof COVER_TYPES)[number];
export type FixType = (typeof FIX_TYPES)[number];
export type PhotoPart = (typeof PHOTO_PARTS)[number];
