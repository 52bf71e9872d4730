import { Body, Controller, Get, HttpCode, Inject, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { TaxInvoices } from '../../../payments/tax-invoices/tax-invoices';
import { sendTaxInvoice, TaxInvoiceRoute } from '../../../payments/tax-invoices/tax-invoice-route';

import { ApiError, intId, validationError, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { AcceptsMultipart } from '../../../platform/files/multipart';
import { CancellationUpload, CancellationUploadGuard, UploadedCancellation } from '../../../policies/cancellation/cancellation-upload.guard';
import { CancelHorsePolicyUseCase } from '../cancellation/cancel-horse-policy.use-case';
import { HORSE_COOLING_OFF_DAYS, HORSE_PRODUCTS } from '../horse-products';
import { createHorsePolicySchema, DEFAULT_HORSE_VALUE } from './create-horse-policy.schema';
import { formFieldOf, HORSE_FORM_FIELDS, HORSE_FORM_FILE, HorseFormGuard, horseFormAsJson } from './horse-policy-form';
import { DocumentFiles } from '../../../platform/files/documents/document-files';
import { DocumentUpload, UploadedDocumentsIfAny } from '../../../platform/files/documents/document-upload.guard';
import { CreateHorsePolicyUseCase } from './create-horse-policy.use-case';
import { HorsePolicyRepository } from './horse-policy.repository';
import { presentHorsePolicy } from './horse-policy.presenter';
import { horsePolicyShape } from './horse-policy.response';
import { REFUND_PAYOUT_DOC } from '../../../payments/refunds/refunds';

const idParam = z.strictObject({ horsePolicy: intId });

const REQUEST_EXAMPLE = {
  horse: {
    name: 'Desert Wind',
    breed: 'Arabian',
    date_of_birth: '2019-03-01',
    sex: 'male',
    color: 'grey',
    use: 'racing',
    microchip_number: '682000000012345',
    value: 250000,
  },
  owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
  declaration: true,
};

@ApiTags('Horse')
@PartnerApi(...HORSE_PRODUCTS)
@Controller('api/v1/horse/policies')
export class HorsePoliciesController {
  constructor(
    private readonly create: CreateHorsePolicyUseCase,
    private readonly cancel: CancelHorsePolicyUseCase,
    private readonly policies: HorsePolicyRepository,
    private readonly documents: DocumentFiles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly taxInvoices: TaxInvoices,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create a horse policy',
    description:
      'JSON: `horse` {name, breed, date_of_birth (not in the future), sex male|female|gelding, optional color, ' +
      'use racing|breeding|show_jumping|endurance|leisure, `microchip_number` (15 digits) and/or `passport_number` (UELN, 15 capitals or digits) — at least one — ' +
      `\`value\` in SAR (≥ 5000, two decimals at most; ${DEFAULT_HORSE_VALUE} when left out), optional \`history\` {purchased, purchase_date, purchase_place, did_participate, ` +
      'participation_details, has_abortion, abortion_details, has_embryo_transfers, embryo_transfers_details, recipient_or_donor}}, `owner` {name, optional id (10 digits, ' +
      "1 or 2 first), email, phone 05xxxxxxxx} and `declaration: true`. Or the real service's multipart form, read into the same fields: `name`, `proposer_name` " +
      '(or `owner_name`), `owner_email`, `owner_phone` (05… or +9665…), `date_of_birth`, `sex`, `color`, `breed` / `breed_name`, `microchip_number`, `use`, the history ' +
      'answers as yes|no with their `…_details`, `declaration` yes, optional `value` and `owner_id`, and one optional file in `upload` (checked by content, kept as ' +
      "`horse.document_url`); a 422 names the form's part. " +
      'The sandbox horse insurer prices one year of cover (mortality, theft, vet fees) from use, age and value; a horse it declines (over 20 years, or valued above 5,000,000 SAR) is 422 on `horse`. ' +
      '`price` = `net_premium` + 15 % VAT. Answers status 0 with a `payment_link` valid 24 hours; paying makes it status 1 with `provider_policy_id`, ' +
      '`start_date` (the payment day) and `end_date` (a year later, less a day).',
  })
  @AcceptsMultipart()
  @UseGuards(HorseFormGuard)
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({
    schema: {
      oneOf: [
        { type: 'object', description: 'JSON', example: REQUEST_EXAMPLE },
        {
          type: 'object',
          description: "The real service's multipart form",
          required: ['name', 'proposer_name', 'owner_email', 'owner_phone', 'date_of_birth', 'sex', 'breed', 'use', 'declaration'],
          properties: {
            ...Object.fromEntries(HORSE_FORM_FIELDS.map((f) => [f, { type: 'string' }])),
            [HORSE_FORM_FILE]: {
              type: 'string',
              format: 'binary',
              description: 'A vet certificate or the horse passport: JPEG/PNG up to 3 MB or PDF up to 5 MB.',
            },
          },
        },
      ],
    },
  })
  @Responds(201, horsePolicyShape, 'The horse policy (status 0).')
  @ApiErrors(415, 422, 502)
  async createPolicy(@CurrentPartner() partner: Partner, @Body() body: unknown, @UploadedDocumentsIfAny() upload: DocumentUpload | undefined) {
    if (upload?.unexpected.length) throw ApiError.validation(Object.fromEntries(upload.unexpected.map((n) => [n, [`The ${n} part is not allowed.`]])));
    const parsed = createHorsePolicySchema.safeParse(upload ? horseFormAsJson(upload) : body);
    if (!parsed.success)
      throw validationError(upload ? parsed.error.issues.map((i) => ({ ...i, path: [formFieldOf(i.path.join('.'))] })) : parsed.error.issues);
    const documents = upload
      ? await this.documents.checkAndSave({ clientId: partner.clientId, kind: 'horse-document', field: HORSE_FORM_FILE, files: upload.files, min: 0, max: 1 })
      : [];
    try {
      return await this.create.execute(partner.clientId, parsed.data, documents[0]?.url ?? null);
    } catch (err) {
      await this.documents.discard(documents);
      throw err;
    }
  }

  @Get(':horsePolicy')
  @ApiOperation({
    summary: 'Show a horse policy',
    description: 'Added so a partner can see activation and refunds; the real service had no read endpoint for horse.',
  })
  @Responds(200, horsePolicyShape, 'The horse policy.')
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const found = await this.policies.findForClient(partner.clientId, p.horsePolicy);
    if (!found) throw ApiError.notFound('No horse policy with this id.');
    return presentHorsePolicy(found, this.config.publicBaseUrl);
  }

  @Post(':horsePolicy/cancellation')
  @HttpCode(200)
  @AcceptsMultipart()
  @UseGuards(CancellationUploadGuard)
  @ApiOperation({
    summary: 'Cancel a horse policy',
    description:
      REFUND_PAYOUT_DOC +
      ' ' +
      `Only an active policy (status 1); a pending one is 409; cancelling again is 400 (code 40010). Optional multipart part \`cancellation_document\` ` +
      `(PDF, JPEG or PNG, at most 5 MB, judged by content). Within ${HORSE_COOLING_OFF_DAYS} days (x 24 h) of payment the whole \`price\` is refunded; ` +
      'afterwards `price` x unused days / days of the policy year, rounded half-up to the halala. Answers 200 with the cancelled policy and its `refund_amount`.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    required: false,
    schema: { type: 'object', properties: { cancellation_document: { type: 'string', format: 'binary', description: 'PDF, JPEG or PNG, at most 5 MB.' } } },
  })
  @Responds(200, horsePolicyShape, 'The cancelled policy (status 2) with `refund_amount`.')
  @ApiErrors(400, 404, 409, 413, 422)
  cancelPolicy(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @UploadedCancellation() upload: CancellationUpload) {
    return this.cancel.execute(partner.clientId, p.horsePolicy, upload, this.config.publicBaseUrl);
  }

  @Get(':horsePolicy/tax-invoice')
  @TaxInvoiceRoute('horse')
  async taxInvoice(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @Res() reply: FastifyReply) {
    return sendTaxInvoice(reply, await this.taxInvoices.pdfOfPolicy(partner.clientId, 'horse', p.horsePolicy));
  }
}
