import { dateTimeOut, shape, uuidOut, z } from '@lib/common';
import { COMPANY_SIZES } from './company.schema';

export const COMPANY_EXAMPLE = {
  id: 42,
  name: 'Example company name',
  name_ar: 'مثال اسم شركة',
  commercial_registration_number: '7000000002',
  sponsor_number: '1000000001',
  unified_national_number: '7000000001',
  email_address: 'example@example.com',
  phone_number: '+966512345678',
  city: 'Riyadh',
  size: 'small',
  client_id: 'a1b2c3d4-0000-4000-8000-000000000000',
  created_at: '2026-11-22T09:00:00.000000Z',
  updated_at: '2026-11-22T09:00:00.000000Z',
};

/** A company a client insures its employees for (SME medical). */
export const medicalCompanyShape = shape(
  'MedicalCompany',
  z
    .object({
      id: z.number().int(),
      name: z.string(),
      name_ar: z.string(),
      // ten digits; new registrations start with 7 (the intake's rule), rows written before it may not
      commercial_registration_number: z.string().meta({ pattern: '^\\d{10}$' }),
      sponsor_number: z.string().meta({ pattern: '^\\d{10}$' }),
      unified_national_number: z.string().meta({ pattern: '^\\d{10}$' }),
      email_address: z.string().meta({ format: 'email' }),
      phone_number: z.string(),
      city: z.string().nullable(),
      size: z.enum(COMPANY_SIZES).nullable().meta({ description: 'micro (1-5 employees), small (6-49) or medium (50-249).' }),
      client_id: uuidOut,
      created_at: dateTimeOut,
      updated_at: dateTimeOut,
    })
    .meta({ example: COMPANY_EXAMPLE }),
);
export type MedicalCompanyOut = z.output<typeof medicalCompanyShape>;

/** GET /companies: a plain array, as the real service answers it. */
export const medicalCompanyListShape = shape('MedicalCompanyList', z.array(medicalCompanyShape).meta({ example: [COMPANY_EXAMPLE] }));
