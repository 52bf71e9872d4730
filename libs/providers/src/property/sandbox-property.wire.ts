import { z } from '@lib/common';
import { BUILDING_TYPES, PROPERTY_CITIES } from './property-cities';

/**
 * The HTTP contract between the API and the sandbox property insurers and national address registry,
 * shared by both ends. Money travels as decimal strings, net of VAT (the API adds VAT in one place).
 */
const amountIn = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'The amount must be a decimal string with at most 2 places.');
const amountOut = z.string().regex(/^\d{1,12}\.\d{2}$/, 'The amount must be a decimal string with 2 places.');
const isoDate = z.iso.date();

export const wirePropertyRiskSchema = z
  .strictObject({
    building_type: z.enum(BUILDING_TYPES),
    building_age: z.number().int().min(0).max(500),
    apartment_size: z.number().int().min(0).max(1_000_000),
    city_name: z.enum(PROPERTY_CITIES),
    property_cost: amountIn.nullable(),
    contents_cost: amountIn.nullable(),
  })
  .refine((r) => r.property_cost !== null || r.contents_cost !== null, { message: 'Give property_cost, contents_cost or both.', path: ['property_cost'] });

export const wirePropertyInsurersSchema = z.strictObject({
  insurers: z.array(z.strictObject({ code: z.string(), name_en: z.string(), name_ar: z.string() })),
});

export const wirePropertyPriceSchema = z.strictObject({
  insurer_code: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  logo_url: z.url().nullable(),
  coverages: z.array(z.string()),
  net_premium: amountOut,
});

export const wirePropertyIssueRequestSchema = z.strictObject({
  reference: z.string().min(1).max(64),
  risk: wirePropertyRiskSchema,
  start_date: isoDate,
  end_date: isoDate,
  insured_id: z.string().min(1).max(20),
});

export const wirePropertyIssuedSchema = z.strictObject({
  provider_policy_id: z.string().min(1).max(255),
  policy_document_url: z.url(),
});

export const PROVIDER_CANCELLATION_STATUSES = ['active', 'cancelled'] as const;

export const wireCancellationStatusSchema = z.strictObject({
  provider_policy_id: z.string(),
  status: z.enum(PROVIDER_CANCELLATION_STATUSES),
  cancelled_at: z.iso.datetime({ offset: true }).nullable(),
});

export const wireCancelRequestSchema = z.strictObject({ reason: z.string().max(500).nullable(), effective_date: isoDate });

export const wireNationalAddressSchema = z.strictObject({
  short_address: z.string(),
  building_number: z.string(),
  zip_code: z.string(),
  additional_number: z.string(),
  street_name: z.string(),
  district_name: z.string(),
  city_name: z.string(),
});

export type WirePropertyRisk = z.infer<typeof wirePropertyRiskSchema>;
export type WirePropertyPrice = z.infer<typeof wirePropertyPriceSchema>;
export type WirePropertyIssueRequest = z.infer<typeof wirePropertyIssueRequestSchema>;
export type WirePropertyIssued = z.infer<typeof wirePropertyIssuedSchema>;
export type WireCancellationStatus = z.infer<typeof wireCancellationStatusSchema>;
export type WireNationalAddress = z.infer<typeof wireNationalAddressSchema>;
