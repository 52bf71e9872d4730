import { formatDateTime } from '@lib/common';
import type { MedicalCompany } from './medical-company.repository';

export function presentCompany(c: MedicalCompany) {
  return {
    id: c.id,
    name: c.name,
    name_ar: c.nameAr,
    commercial_registration_number: c.commercialRegistrationNumber,
    sponsor_number: c.sponsorNumber,
    unified_national_number: c.unifiedNationalNumber,
    email_address: c.emailAddress,
    phone_number: c.phoneNumber,
    city: c.city,
    size: c.size,
    client_id: c.clientId,
    created_at: formatDateTime(c.createdAt),
    updated_at: formatDateTime(c.updatedAt),
  };
}

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
