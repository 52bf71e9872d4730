import { amountOut, shape, z } from '@lib/common';
import { MEDICAL_TIERS } from '@lib/providers';

const category = {
  category: 'basic',
  insurance_provider: 'dune',
  name: 'Dune Care Basic',
  name_ar: 'الكثبان للرعاية الأساسي',
  price: 3200,
  price_with_vat: 3680,
  currency: 'SAR',
  annual_limit: 500000,
  network: { name: 'Network C', hospitals: 120 },
};

/** A tier of one insurer's cover with its yearly price per adult member. */
export const medicalCategoryShape = shape(
  'MedicalCategory',
  z.object({
    category: z.enum(MEDICAL_TIERS),
    insurance_provider: z.string(),
    name: z.string(),
    name_ar: z.string(),
    price: amountOut.meta({ description: 'Yearly premium per adult member before 15% VAT, SAR.' }),
    price_with_vat: amountOut,
    currency: z.literal('SAR'),
    annual_limit: amountOut,
    network: z.object({ name: z.string(), hospitals: z.number().int().min(0) }),
  }),
);

/** GET /products/categories: one insurer's categories, keyed by tier, and every insurer's code. */
export const medicalCategoriesShape = shape(
  'MedicalCategories',
  z
    .object({
      insurance_provider: z.string().meta({ example: 'dune' }),
      insurance_provider_name: z.string(),
      insurance_provider_name_ar: z.string(),
      categories: z.record(z.string(), medicalCategoryShape).meta({ description: 'Keyed by tier: basic, standard, premium, executive.' }),
      insurance_providers: z.array(z.string()).meta({ description: "Every insurer's code, to ask for the others." }),
    })
    .meta({
      example: {
        insurance_provider: 'dune',
        insurance_provider_name: 'Dune Cooperative Insurance',
        insurance_provider_name_ar: 'الكثبان للتأمين التعاوني',
        categories: {
          basic: category,
          standard: { ...category, category: 'standard' },
          premium: { ...category, category: 'premium' },
          executive: { ...category, category: 'executive' },
        },
        insurance_providers: ['dune', 'palm', 'summit'],
      },
    }),
);
export type MedicalCategoriesOut = z.output<typeof medicalCategoriesShape>;
