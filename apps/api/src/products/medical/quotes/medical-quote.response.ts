import { amountOut, dateTimeOut, shape, uuidOut, z } from '@lib/common';
import { MEDICAL_TIERS } from '@lib/providers';
import { DEPENDENT_RELATIONSHIPS } from '../employees/employee.schema';

const priced = {
  price: amountOut.meta({ description: 'With its share of the VAT, SAR.' }),
  price_before_vat: amountOut,
  vat: amountOut,
};

/** A dependent's share of an insured line. */
export const medicalInsuredDependentShape = shape(
  'MedicalInsuredDependent',
  z.object({ name: z.string(), relationship: z.enum(DEPENDENT_RELATIONSHIPS), ...priced }),
);

/** One employee priced with their dependents: the lines of a quote (and of a policy) add up exactly to its total. */
export const medicalInsuredLineShape = shape(
  'MedicalInsuredLine',
  z.object({
    name: z.string(),
    identifier: z.string().meta({ description: 'National id or iqama id.' }),
    category: z.enum(MEDICAL_TIERS),
    price: amountOut.meta({ description: 'The employee and their dependents, with their share of the VAT, SAR.' }),
    price_before_vat: amountOut,
    vat: amountOut,
    dependents: z.array(medicalInsuredDependentShape),
  }),
);
export type MedicalInsuredLineOut = z.output<typeof medicalInsuredLineShape>;

/** A tier of an insurer's cover. */
export const medicalPackageShape = shape(
  'MedicalPackage',
  z.object({
    name: z.string(),
    name_ar: z.string(),
    price: amountOut.meta({ description: 'Yearly price per adult member before VAT, SAR.' }),
    annual_limit: amountOut,
    network: z.object({ name: z.string(), hospitals: z.number().int().min(0) }),
  }),
);

/** One insurer's price for the company's saved employees. */
export const medicalQuoteShape = shape(
  'MedicalQuote',
  z.object({
    quote_price_id: uuidOut,
    insurance_provider: z.string().meta({ example: 'dune' }),
    insurance_provider_name: z.string(),
    insurance_provider_name_ar: z.string(),
    subtotal: amountOut.meta({ description: 'Before VAT, SAR.' }),
    vat: amountOut,
    total_price: amountOut.meta({ description: 'With VAT, SAR.' }),
    price_per_employee: amountOut,
    currency: z.literal('SAR'),
    valid_until: z.string().meta({ format: 'date-time' }),
    employees: z.array(medicalInsuredLineShape),
    packages: z.record(z.string(), medicalPackageShape).meta({ description: 'Keyed by tier (basic, standard, premium, executive).' }),
  }),
);
export type MedicalQuoteOut = z.output<typeof medicalQuoteShape>;

const EXAMPLE = {
  id: '0b7a3c1e-5d2f-4a8b-9c6d-1e2f3a4b5c6d',
  company_id: 42,
  employees: { fingerprint: '5b0e7d9c3a1f4e2d8c6b0a9f7e5d3c1b2a4f6e8d0c9b7a5f3e1d2c4b6a8f0e9d', count: 2, members: 4 },
  quotes: [
    {
      quote_price_id: 'f5d52340-1c2b-4d3e-8f9a-0b1c2d3e4f5a',
      insurance_provider: 'dune',
      insurance_provider_name: 'Dune Cooperative Insurance',
      insurance_provider_name_ar: 'الكثبان للتأمين التعاوني',
      subtotal: 12000,
      vat: 1800,
      total_price: 13800,
      price_per_employee: 6900,
      currency: 'SAR',
      valid_until: '2026-12-22T09:00:00.000Z',
      employees: [
        {
          name: 'Sara Al-Harbi',
          identifier: '1012345678',
          category: 'standard',
          price: 13800,
          price_before_vat: 12000,
          vat: 1800,
          dependents: [{ name: 'Omar Al-Harbi', relationship: 'spouse', price: 5520, price_before_vat: 4800, vat: 720 }],
        },
      ],
      packages: {
        standard: {
          name: 'Dune Care Standard',
          name_ar: 'الكثبان للرعاية القياسي',
          price: 4800,
          annual_limit: 1000000,
          network: { name: 'Network B', hospitals: 240 },
        },
      },
    },
  ],
  failed_providers: [],
  created_at: '2026-11-22T09:00:00.000000Z',
};

/** A quote request: one quote per insurer that priced the list (`id` is the `quote_request_id`). */
export const medicalQuoteRequestShape = shape(
  'MedicalQuoteRequest',
  z
    .object({
      id: uuidOut,
      company_id: z.number().int(),
      employees: z
        .object({
          fingerprint: z.string().meta({ description: 'Who is covered and on which tier: a changed list needs new quotes.' }),
          count: z.number().int().meta({ description: 'Employees.' }),
          members: z.number().int().meta({ description: 'Employees and dependents.' }),
        })
        .meta({ description: 'The employee list the quotes price.' }),
      quotes: z.array(medicalQuoteShape),
      failed_providers: z.array(z.object({ insurance_provider: z.string(), reason: z.string() })),
      created_at: dateTimeOut,
    })
    .meta({ example: EXAMPLE }),
);
export type MedicalQuoteRequestOut = z.output<typeof medicalQuoteRequestShape>;
