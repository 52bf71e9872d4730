import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, intId, z } from '@lib/common';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { MEDICAL_API, MEDICAL_PRODUCT } from '../medical-products';
import { presentMedicalQuoteRequest } from './medical-quote.presenter';
import { MedicalQuoteRepository } from './medical-quote.repository';
import { RequestMedicalQuotesUseCase } from './request-medical-quotes.use-case';

const createSchema = z.strictObject({ company_id: intId });
const idParam = z.strictObject({ quoteRequestId: z.string().max(64) });

const EXAMPLE = {
  id: '0b7a3c1e-5d2f-4a8b-9c6d-1e2f3a4b5c6d',
  company_id: 42,
  employees: { fingerprint: '…', count: 2, members: 4 },
  quotes: [
    {
      quote_price_id: 'f5d52340-1c2b-4d3e-8f9a-0b1c2d3e4f5a',
      insurance_provider: 'dune',
      insurance_provider_name: 'Dune Cooperative Insurance',
      insurance_provider_name_ar: 'الكثبان للتأمين التعاوني',
      subtotal: 12000,
      vat: 1800,
      total_price: 13800,
      price_per_employee: 6900,
      currency: 'SAR',
      valid_until: '2026-12-22T09:00:00.000Z',
      employees: [
        {
          name: 'Sara Al-Harbi',
          identifier: '1012345678',
          category: 'standard',
          price: 13800,
          price_before_vat: 12000,
          vat: 1800,
          dependents: [{ name: 'Omar Al-Harbi', relationship: 'spouse', price: 5520, price_before_vat: 4800, vat: 720 }],
        },
      ],
      packages: {
        standard: {
          name: 'Dune Care Standard',
          name_ar: 'الكثبان للرعاية القياسي',
          price: 4800,
          annual_limit: 1000000,
          network: { name: 'Network B', hospitals: 240 },
        },
      },
    },
  ],
  failed_providers: [],
  created_at: '2026-11-22T09:00:00.000000Z',
};

@ApiTags('SME medical')
@PartnerApi(MEDICAL_PRODUCT)
@Controller(`${MEDICAL_API}/quote-requests`)
export class MedicalQuotesController {
  constructor(
    private readonly request: RequestMedicalQuotesUseCase,
    private readonly quotes: MedicalQuoteRepository,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Price the saved employees with every medical insurer',
    description:
      "Asks every sandbox medical insurer in parallel for the company's saved employee list and answers one quote per insurer that priced it, each with a `quote_price_id`; " +
      'the response `id` is the `quote_request_id`. Amounts are JSON numbers in SAR with two decimal places (computed with decimals): `subtotal` before VAT, `vat` (15%; SME medical is VAT-able), `total_price` with VAT. ' +
      "Each employee line's `price` covers the employee and their dependents with their share of the VAT, so the lines add up exactly to `total_price`; " +
      'each line (and dependent) also gives `price_before_vat` and `vat` apart (the VAT shared in proportion to net price, leftover halalas to the largest fractions, ' +
      'earlier lines first on a tie). Insurers that failed are in `failed_providers`; 502 only when none priced. 422 when the company has no employees.',
  })
  @ApiCreatedResponse({ description: 'The quote request.', schema: { type: 'object', example: EXAMPLE } })
  @ApiErrors(404, 422, 502)
  create(@CurrentPartner() partner: Partner, @Body({ schema: createSchema }) body: z.infer<typeof createSchema>) {
    return this.request.execute(partner.clientId, body.company_id);
  }

  @Get(':quoteRequestId')
  @ApiOperation({ summary: 'Show a medical quote request' })
  @ApiOkResponse({ description: 'The quote request.', schema: { type: 'object', example: EXAMPLE } })
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const found = await this.quotes.findForClient(partner.clientId, p.quoteRequestId);
    if (!found) throw ApiError.notFound('No medical quote request with this id.');
    return presentMedicalQuoteRequest(found);
  }
}
