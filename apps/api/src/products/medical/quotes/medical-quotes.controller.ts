import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, intId, z } from '@lib/common';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { MEDICAL_API, MEDICAL_PRODUCT } from '../medical-products';
import { presentMedicalQuoteRequest } from './medical-quote.presenter';
import { medicalQuoteRequestShape } from './medical-quote.response';
import { MedicalQuoteRepository } from './medical-quote.repository';
import { RequestMedicalQuotesUseCase } from './request-medical-quotes.use-case';

const createSchema = z.strictObject({ company_id: intId });
const idParam = z.strictObject({ quoteRequestId: z.string().max(64) });

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
  @Responds(201, medicalQuoteRequestShape, 'The quote request.')
  @ApiErrors(404, 422, 502)
  create(@CurrentPartner() partner: Partner, @Body({ schema: createSchema }) body: z.infer<typeof createSchema>) {
    return this.request.execute(partner.clientId, body.company_id);
  }

  @Get(':quoteRequestId')
  @ApiOperation({ summary: 'Show a medical quote request' })
  @Responds(200, medicalQuoteRequestShape, 'The quote request.')
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const found = await this.quotes.findForClient(partner.clientId, p.quoteRequestId);
    if (!found) throw ApiError.notFound('No medical quote request with this id.');
    return presentMedicalQuoteRequest(found);
  }
}
