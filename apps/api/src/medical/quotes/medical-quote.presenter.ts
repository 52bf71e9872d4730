import { formatDateTime } from '@lib/common';
import type { MedicalQuoteRequest, StoredMedicalQuote } from './medical-quote.repository';

export function presentMedicalQuoteRequest(r: MedicalQuoteRequest) {
  return {
    id: r.id,
    company_id: r.companyId,
    employees: r.employees,
    quotes: (r.quotes as unknown as StoredMedicalQuote[]).map(({ quote_reference: _ref, ...q }) => q),
    failed_providers: r.failures,
    created_at: formatDateTime(r.createdAt),
  };
}
