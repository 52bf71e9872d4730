import { amountNumber, formatDateTime } from '@lib/common';
import { TRAVEL_QUOTE_TYPE } from '../travel-products';
import type { TravelQuote } from './travel-quote.repository';
import type { TravelQuoteOut } from '../travel.response';

/**
 * The real service's quote: the request echoed, `type`, `quote_id`, `bill` and `price` (VAT included), plus
 * what it leaves implicit: `end_date`, the bill's subtotal and VAT, `expires_at` and whether documents were sent.
 */
export function presentTravelQuote(q: TravelQuote): TravelQuoteOut {
  const travellers = q.travellers as TravelQuoteOut['travellers'];
  return {
    quote_id: q.quoteId,
    type: TRAVEL_QUOTE_TYPE,
    client_id: q.clientId,
    nationality_id: q.nationalityId,
    phone_number: q.phoneNumber,
    email: q.email,
    date_of_birth: q.dateOfBirth,
    travellers,
    multi_entry: q.multiEntry,
    start_date: q.startDate,
    duration: q.duration,
    end_date: q.endDate,
    bill: q.bill as TravelQuoteOut['bill'],
    price: amountNumber(q.price.toString()),
    currency: 'SAR',
    insurer_code: q.insurerCode,
    meta_data: { travellers, multi_entry: q.multiEntry, start_date: q.startDate, duration: q.duration },
    documents_uploaded: q.documentsUploadedAt !== null,
    expires_at: formatDateTime(q.expiresAt),
    created_at: formatDateTime(q.createdAt),
    updated_at: formatDateTime(q.updatedAt),
  };
}
