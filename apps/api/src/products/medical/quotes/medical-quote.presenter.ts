import { formatDateTime } from '@lib/common';
import type { MedicalQuoteRequest, StoredMedicalQuote } from './medical-quote.repository';
import { presentQuote } from './medical-amounts';
import type { MedicalQuoteRequestOut } from './medical-quote.response';

export function presentMedicalQuoteRequest(r: MedicalQuoteRequest): MedicalQuoteRequestOut {
  return {
    id: r.id,
    company_id: r.companyId,
    employees: r.employees as MedicalQuoteRequestOut['employees'],
    quotes: (r.quotes as unknown as StoredMedicalQuote[]).map(presentQuote),
    failed_providers: r.failures as MedicalQuoteRequestOut['failed_providers'],
    created_at: formatDateTime(r.createdAt),
  };
}
