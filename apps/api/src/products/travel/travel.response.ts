import { amountOut, dateOut, dateTimeOut, intIdOut, paginated, shape, uuidOut, z } from '@lib/common';
import { TRAVEL_BANDS, TRAVEL_DURATIONS } from '@lib/providers';
import { PolicyStatus } from '../../policies/policy-status';
import { BILL_EXAMPLE, POLICY_EXAMPLE, QUOTE_EXAMPLE, TRAVELLER_EXAMPLE } from './travel-examples';
import { TRAVEL_QUOTE_TYPE } from './travel-products';

/** The statuses a travel policy takes: 0 pending payment, 1 active, 2 cancelled, 4 expired at the end of its term (integers, as motor and property). */
export const TRAVEL_POLICY_STATUSES = [PolicyStatus.Pending, PolicyStatus.Active, PolicyStatus.Cancelled, PolicyStatus.Expired] as const;

const quoteId = z.string().meta({ pattern: '^Q-[A-Z0-9]{8}$', example: 'Q-V1GN40HU' });
const duration = z
  .number()
  .int()
  .meta({ description: `Days: ${TRAVEL_DURATIONS.join(', ')}; 180 for a multi-entry policy.`, example: 10 });

/** A traveller as sent with the quote (nationality and passport number upper-cased, gender lower-cased). */
export const travellerShape = shape(
  'TravelTraveller',
  z
    .object({
      nationality: z.string().meta({ description: 'ISO 3166-1 alpha-2.', example: 'SA' }),
      full_name: z.string(),
      passport_number: z.string(),
      gender: z.enum(['m', 'f']),
      date_of_birth: dateOut,
      relation: z.string(),
      passport_expiry_date: dateOut,
    })
    .meta({ example: TRAVELLER_EXAMPLE }),
);

const billLine = z.object({ count: z.number().int(), price: amountOut, total: amountOut });

/** The real service's bill (`items` per age band, `adminFees`), with the VAT it leaves implicit; SAR as JSON numbers. */
export const travelBillShape = shape(
  'TravelBill',
  z
    .object({
      items: z
        .object(
          Object.fromEntries(TRAVEL_BANDS.map((band) => [band, billLine.optional()])) as Record<(typeof TRAVEL_BANDS)[number], z.ZodOptional<typeof billLine>>,
        )
        .meta({ description: 'Net premium per age band; only the bands of the travellers appear.' }),
      adminFees: amountOut,
      subtotal: amountOut,
      vat_percentage: z.number(),
      vat: amountOut,
      total: amountOut,
    })
    .meta({ example: BILL_EXAMPLE }),
);

/** A travel quote: the request echoed, `type`, `quote_id`, `bill` and `price` (VAT included), and what the real service leaves implicit. */
export const travelQuoteShape = shape(
  'TravelQuote',
  z
    .object({
      quote_id: quoteId,
      type: z.enum([TRAVEL_QUOTE_TYPE]),
      client_id: uuidOut,
      nationality_id: z.string(),
      phone_number: z.string().meta({ example: '+966501234567' }),
      email: z.string(),
      date_of_birth: dateOut,
      travellers: z.array(travellerShape),
      multi_entry: z.boolean(),
      start_date: dateOut,
      duration,
      end_date: dateOut,
      bill: travelBillShape,
      price: amountOut.meta({ description: '`bill.total`: items + fee + 15 % VAT.' }),
      currency: z.string().meta({ example: 'SAR' }),
      insurer_code: z.string(),
      meta_data: z.object({ travellers: z.array(travellerShape), multi_entry: z.boolean(), start_date: dateOut, duration }),
      documents_uploaded: z.boolean(),
      expires_at: dateTimeOut.meta({ description: 'The quote can be bought until then.' }),
      created_at: dateTimeOut,
      updated_at: dateTimeOut,
    })
    .meta({ example: QUOTE_EXAMPLE }),
);
export type TravelQuoteOut = z.output<typeof travelQuoteShape>;

/** The answer to an upload of the applicant's documents (the real service answers an empty 200). */
export const travelDocumentsUploadedShape = shape(
  'TravelDocumentsUploaded',
  z
    .object({ quote_id: quoteId, documents_uploaded: z.boolean(), uploaded_at: dateTimeOut })
    .meta({ example: { quote_id: 'Q-V1GN40HU', documents_uploaded: true, uploaded_at: '2027-02-03T07:15:00.000000Z' } }),
);
export type TravelDocumentsUploadedOut = z.output<typeof travelDocumentsUploadedShape>;

/**
 * The real service's travel policy: `meta_data` holds the purchase (bill, applicant, travellers, trip); once paid
 * `provider_policy_id` and, shortly after, the certificate and invoice PDFs (`policy_url` / `provider_policy`,
 * `invoice_url` / `invoice`).
 */
export const travelPolicyShape = shape(
  'TravelPolicy',
  z
    .object({
      id: intIdOut,
      status: z.literal(TRAVEL_POLICY_STATUSES).meta({ description: '0 pending payment, 1 active, 2 cancelled, 4 expired.' }),
      product_id: z.number().int(),
      client_id: uuidOut,
      quote_id: quoteId,
      insurer_code: z.string(),
      meta_data: z.object({
        bill: travelBillShape,
        email: z.string(),
        price: amountOut,
        duration,
        quote_id: quoteId,
        start_date: dateOut,
        travellers: z.array(travellerShape),
        multi_entry: z.boolean(),
        phone_number: z.string(),
        date_of_birth: dateOut,
        nationality_id: z.string(),
      }),
      price: amountOut,
      payment_link: z.string().nullable(),
      provider_policy_id: z.string().nullable(),
      provider_policy: z.string().nullable().meta({ description: 'The certificate PDF (as `policy_url`).' }),
      invoice: z.string().nullable().meta({ description: 'The tax invoice PDF (as `invoice_url`).' }),
      policy_url: z.string().nullable(),
      invoice_url: z.string().nullable(),
      redirect_url: z.string().nullable().meta({ description: 'Where the customer goes after paying, `policyID` replaced by the policy id.' }),
      start_date: dateOut,
      end_date: dateOut,
      purchased_at: dateTimeOut.nullable(),
      uploaded_at: dateTimeOut.nullable().meta({ description: 'When the documents were stored.' }),
      canceled_at: dateTimeOut.nullable(),
      refund_amount: amountOut.nullable(),
      created_at: dateTimeOut,
      updated_at: dateTimeOut,
    })
    .meta({ example: POLICY_EXAMPLE }),
);
export type TravelPolicyOut = z.output<typeof travelPolicyShape>;

export const travelPolicyPageShape = paginated('TravelPolicyPage', travelPolicyShape);
