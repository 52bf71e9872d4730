import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, requestBodySchema, z } from '@lib/common';
import { travelQuoteSchema } from './travel-quote.schema';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { AcceptsMultipart } from '../../../platform/files/multipart';
import { DocumentUploadGuard, UploadedDocuments, type DocumentUpload } from '../../../platform/files/documents/document-upload.guard';
import { QUOTE_REQUEST_EXAMPLE } from '../travel-examples';
import { travelDocumentsUploadedShape, travelQuoteShape } from '../travel.response';
import { TRAVEL_BASE, TRAVEL_PRODUCTS, TRAVEL_QUOTE_VALID_MS } from '../travel-products';
import { RequestTravelQuoteUseCase } from './request-travel-quote.use-case';
import { TravelQuoteRepository } from './travel-quote.repository';
import { presentTravelQuote } from './travel-quote.presenter';
import { TRAVEL_DOCUMENT_PARTS, UploadTravelDocumentsUseCase } from './upload-travel-documents.use-case';

const quoteParam = z.strictObject({ quoteId: z.string().regex(/^Q-[A-Z0-9]{8}$/, 'The quote id looks like Q-V1GN40HU.') });

const TravelDocumentsGuard = DocumentUploadGuard({
  fileFields: TRAVEL_DOCUMENT_PARTS,
  fields: ['quote_id'],
  maxFiles: 2,
  describe: 'the field quote_id and the files id_document and passport_document',
});

@ApiTags('Travel')
@PartnerApi(...TRAVEL_PRODUCTS)
@Controller()
export class TravelQuotesController {
  constructor(
    private readonly request: RequestTravelQuoteUseCase,
    private readonly upload: UploadTravelDocumentsUseCase,
    private readonly quotes: TravelQuoteRepository,
  ) {}

  @Post([`${TRAVEL_BASE}/quotes`, `${TRAVEL_BASE}/request-quote`, 'api/v1/travel/quotes'])
  @HttpCode(200)
  @ApiOperation({
    summary: 'Request a Schengen travel quote',
    description:
      'Answers 200 (as the real service does). Also served at `/request-quote` (older versions of the real service) and `POST /api/v1/travel/quotes` (its guide). ' +
      "`nationality_id` follows the platform's id rule (10 digits, 1 national id, 2 iqama); `phone_number` is international (`+966501234567`; `05...` is accepted and stored as `+966...`); " +
      '`multi_entry` true is a 180-day multi-entry policy (`duration` left out or 180), otherwise `duration` is required: 7, 10, 15, 21, 30, 60, 90 or 180 days. ' +
      '`start_date` is today or up to 180 days ahead; the main applicant (`date_of_birth`) is at least 18. `travellers` (1 to 10), every field required: `nationality` (ISO 3166-1 alpha-2; AX, BQ, CW, IL, SZ, TF are not accepted), ' +
      '`full_name` as in the passport (Latin letters), `passport_number` (6 to 9 letters or digits), `gender` `m`|`f`, `date_of_birth`, `relation` (free text, e.g. `self`), ' +
      '`passport_expiry_date`, which must be at least three months after the last day of cover (the Schengen rule). Every problem is named at once (422, e.g. `travellers.0.passport_expiry_date`). ' +
      'The travel insurer prices each traveller by age on the start date: child (under 18) half the adult rate, adult (18 to 64), senior (65 to 85) twice the adult rate; travellers over 85 are declined (422 on `travellers`). ' +
      "`bill.items` is the net premium per band, `bill.adminFees` the insurer's fee; `price` = (items + fee) + 15 % VAT, to the halala (`bill.subtotal`, `bill.vat`). " +
      `A quote can be bought for ${TRAVEL_QUOTE_VALID_MS / 3_600_000} hours (\`expires_at\`).`,
  })
  @ApiBody({ schema: requestBodySchema(travelQuoteSchema, QUOTE_REQUEST_EXAMPLE) })
  @Responds(200, travelQuoteShape, 'The quote.')
  @ApiErrors(422, 502)
  requestQuote(@CurrentPartner() partner: Partner, @Body() body: unknown) {
    return this.request.execute(partner.clientId, body);
  }

  @Get(`${TRAVEL_BASE}/quotes/:quoteId`)
  @ApiOperation({ summary: 'Show a travel quote', description: "The quote as it was answered, with `documents_uploaded`. Another client's quote is 404." })
  @Responds(200, travelQuoteShape, 'The quote.')
  @ApiErrors(404, 422)
  async showQuote(@CurrentPartner() partner: Partner, @Param({ schema: quoteParam }) p: z.infer<typeof quoteParam>) {
    const quote = await this.quotes.findForClient(partner.clientId, p.quoteId);
    if (!quote) throw ApiError.notFound('No travel quote with this id.');
    return presentTravelQuote(quote);
  }

  @Post(`${TRAVEL_BASE}/upload-documents`)
  @HttpCode(200)
  @AcceptsMultipart()
  @UseGuards(TravelDocumentsGuard)
  @ApiOperation({
    summary: "Upload the applicant's documents for a quote",
    description:
      'Optional, before purchase; once per quote. multipart/form-data, all required: `quote_id`, `id_document` and `passport_document` (each a JPEG or PNG up to 3 MB or a PDF up to 5 MB, judged by content). ' +
      'A second upload for the same quote is 400 `40018` "Documents already uploaded". The real service answers 200 with no body; this one adds `{quote_id, documents_uploaded, uploaded_at}`.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['quote_id', 'id_document', 'passport_document'],
      properties: {
        quote_id: { type: 'string', example: 'Q-V1GN40HU' },
        id_document: { type: 'string', format: 'binary' },
        passport_document: { type: 'string', format: 'binary' },
      },
    },
  })
  @Responds(200, travelDocumentsUploadedShape, 'Stored.')
  @ApiErrors(400, 413, 415, 422)
  uploadDocuments(@CurrentPartner() partner: Partner, @UploadedDocuments() upload: DocumentUpload) {
    return this.upload.execute(partner.clientId, upload);
  }
}
