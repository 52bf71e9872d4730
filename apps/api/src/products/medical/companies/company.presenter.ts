import { formatDateTime } from '@lib/common';
import type { MedicalCompanyOut } from './company.response';
import type { MedicalCompany } from './medical-company.repository';

export function presentCompany(c: MedicalCompany): MedicalCompanyOut {
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
    size: c.size as MedicalCompanyOut['size'],
    client_id: c.clientId,
    created_at: formatDateTime(c.createdAt),
    updated_at: formatDateTime(c.updatedAt),
  };
}
