import { formatDateTime } from '@lib/common';
import type { MedicalQuoteRequest, StoredMedicalQuote } from './medical-quote.repository';
import { presentQuote } from './medical-amounts';

export function presentMedicalQuoteRequest(r: MedicalQuoteRequest) {
  return {
    id: r.id,
    company_id: r.companyId,
    employees: r.employees,
    quotes: (r.quotes as unknown as StoredMedicalQuote[]).map(presentQuote),
    failed_providers: r.failures,
    created_at: formatDateTime(r.createdAt),
  };
}
