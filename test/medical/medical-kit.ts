import type { TestApp } from '../support/test-app';

export const COMPANY = {
  name: 'Najd Trading Co',
  name_ar: 'شركة نجد التجارية',
  commercial_registration_number: '7001234567',
  sponsor_number: '7001234567',
  unified_national_number: '7001234567',
  email_address: 'hr@najd.example',
  phone_number: '0512345678',
  city: 'Riyadh',
  size: 'small',
};

/** A Saudi employee (national id, Hijri birthdate) with a spouse and a child. */
export const SAUDI = {
  name: 'Khalid Al-Otaibi',
  nationality_iso: 'SA',
  nationality_id: '1012345678',
  date_of_birth: '1405-03-10',
  gender: 'male',
  email: 'khalid@najd.example',
  mobile_number: '0512345678',
  category: 'standard',
  is_married: true,
  dependents: [
    { name: 'Noura Al-Otaibi', relationship: 'spouse', nationality_iso: 'SA', nationality_id: '1023456789', date_of_birth: '1408-01-01', gender: 'female' },
    { name: 'Fahad Al-Otaibi', relationship: 'child', nationality_iso: 'SA', nationality_id: '1034567890', date_of_birth: '1440-02-01', gender: 'male' },
  ],
};

/** A resident (iqama, Gregorian birthdate) without dependents. */
export const RESIDENT = {
  name: 'Amina Hassan',
  nationality_iso: 'EG',
  iqama_id: '2098765432',
  date_of_birth: '1990-04-15',
  gender: 'female',
  email: 'amina@najd.example',
  mobile_number: '0587654321',
  category: 'executive',
  is_married: false,
  dependents: [],
};

export const NO_ANSWERS = {
  allergies: 'no',
  current_medications: 'no',
  hospitalizations: 'no',
  pre_existing_conditions: 'no',
  past_surgeries: 'no',
  surgery_complications: 'no',
  chest_pain_or_breathlessness: 'no',
  heart_procedures: 'no',
  smoking: 'no',
  alcohol_consumption: 'no',
  physical_activity: 'yes',
  family_history: 'no',
  chronic_disease: ['None of the above'],
};

export async function createCompany(app: TestApp, token: string, over: Record<string, unknown> = {}) {
  const res = await app.request('/api/v1/medical/companies', { token, json: { ...COMPANY, ...over } });
  if (res.status !== 200) throw new Error(`company: ${res.status} ${res.text}`);
  return res.body;
}

export async function putEmployees(app: TestApp, token: string, companyId: number, employees: unknown[]) {
  return app.request(`/api/v1/medical/companies/${companyId}/employees`, { token, method: 'PUT', json: { employees } });
}

/** Pages in a PDF: pdfkit writes one uncompressed `/Type /Page` object per page. */
export function pdfPages(bytes: Buffer): number {
  return (bytes.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}

/** Company, employees, declarations, a quote and a paid (issued) policy, through the partner API and the card page. */
export async function paidMedicalPolicy(app: TestApp, token: string, cr: string) {
  const { browse, CARDS, payWithCard } = await import('../payments/payment-kit');
  const company = await createCompany(app, token, { commercial_registration_number: cr });
  await putEmployees(app, token, company.id, [SAUDI, RESIDENT]);
  await app.request('/api/v1/medical/medical-forms/fill', { token, json: { company_id: company.id, all_employees: NO_ANSWERS } });
  const quote = (await app.request('/api/v1/medical/quote-requests', { token, json: { company_id: company.id } })).body;
  const policy = (
    await app.request('/api/v1/medical/policies', { token, json: { quote_request_id: quote.id, quote_price_id: quote.quotes[0].quote_price_id } })
  ).body;
  const link = (await app.request(`/api/v1/medical/payment-link?company_id=${company.id}`, { token })).body;
  const hops = await payWithCard(link.payment, CARDS.success);
  await browse(hops.submitted.location!);
  return { company, quote, policy: (await app.request(`/api/v1/medical/policies/${policy.id}`, { token })).body };
}
