import { z } from '@lib/common';

/** The sandbox medical insurers' HTTP contract (checked on both sides). Money is a decimal string, net of VAT. */
export const MEDICAL_TIERS = ['basic', 'standard', 'premium', 'executive'] as const;
export const MEDICAL_RELATIONSHIPS = ['employee', 'spouse', 'child', 'parent'] as const;
export type MedicalTier = (typeof MEDICAL_TIERS)[number];
/** The codes of the medical insurers the sandbox answers for (documented as the partner API's `insurance_provider` values). */
export const MEDICAL_INSURER_CODES = ['dune', 'palm', 'summit'] as const;
export type MedicalInsurerCode = (typeof MEDICAL_INSURER_CODES)[number];
export type MedicalRelationship = (typeof MEDICAL_RELATIONSHIPS)[number];

const amount = z.string().regex(/^\d+\.\d{2}$/);

export const wireMedicalPackageSchema = z.object({
  category: z.enum(MEDICAL_TIERS),
  name: z.string(),
  name_ar: z.string(),
  /** Yearly price per adult member, net of VAT. */
  price: amount,
  annual_limit: amount,
  network: z.object({ name: z.string(), hospitals: z.number().int().nonnegative() }),
});

export const wireMedicalInsurerSchema = z.object({
  code: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  packages: z.array(wireMedicalPackageSchema),
});
export const wireMedicalInsurersSchema = z.object({ insurers: z.array(wireMedicalInsurerSchema) });

export const wireMedicalQuoteRequestSchema = z.object({
  company_cr: z.string().regex(/^7\d{9}$/),
  members: z
    .array(
      z.object({
        reference: z.string().min(1).max(64),
        relationship: z.enum(MEDICAL_RELATIONSHIPS),
        category: z.enum(MEDICAL_TIERS),
        age: z.number().int().min(0).max(120),
        gender: z.enum(['male', 'female']).optional(),
      }),
    )
    .min(1),
});

export const wireMedicalQuoteSchema = z.object({
  quote_reference: z.string(),
  currency: z.literal('SAR'),
  members: z.array(z.object({ reference: z.string(), price: amount })),
  subtotal: amount,
  valid_until: z.string(),
});

export const wireMedicalIssueRequestSchema = z.object({
  reference: z.string().min(1).max(64),
  quote_reference: z.string(),
  company_cr: z.string().regex(/^7\d{9}$/),
  members: z.number().int().positive(),
  premium: amount,
  payment_reference: z.string(),
});

export const wireMedicalIssuedSchema = z.object({
  policy_number: z.string(),
  issued_at: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  already_issued: z.boolean(),
});

/** The company registry's staff of a company (by commercial registration number), as the sandbox serves it. */
export const wireRegisteredStaffSchema = z.object({
  commercial_registration_number: z.string().regex(/^7\d{9}$/),
  employees: z.array(
    z.object({
      name: z.string(),
      nationality_iso: z.string().regex(/^[A-Z]{2}$/),
      nationality_id: z
        .string()
        .regex(/^1\d{9}$/)
        .optional(),
      iqama_id: z
        .string()
        .regex(/^2\d{9}$/)
        .optional(),
      date_of_birth: z.string(),
      gender: z.enum(['male', 'female']),
      mobile_number: z.string().regex(/^05\d{8}$/),
    }),
  ),
});

export type WireRegisteredStaff = z.infer<typeof wireRegisteredStaffSchema>;
export type WireMedicalQuoteRequest = z.infer<typeof wireMedicalQuoteRequestSchema>;
export type WireMedicalQuote = z.infer<typeof wireMedicalQuoteSchema>;
export type WireMedicalInsurer = z.infer<typeof wireMedicalInsurerSchema>;
export type WireMedicalPackage = z.infer<typeof wireMedicalPackageSchema>;
export type WireMedicalIssueRequest = z.infer<typeof wireMedicalIssueRequestSchema>;
export type WireMedicalIssued = z.infer<typeof wireMedicalIssuedSchema>;
