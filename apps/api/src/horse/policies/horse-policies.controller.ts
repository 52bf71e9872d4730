import { Body, Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, intId, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { CurrentPartner, PartnerApi } from '../../auth/partner-api.decorator';
import type { Partner } from '../../auth/partner';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { AcceptsMultipart } from '../../files/multipart';
import { CancellationUpload, CancellationUploadGuard, UploadedCancellation } from '../../cancellation/cancellation-upload.guard';
import { CancelHorsePolicyUseCase } from '../cancellation/cancel-horse-policy.use-case';
import { HORSE_COOLING_OFF_DAYS, HORSE_PRODUCTS } from '../horse-products';
import { CreateHorsePolicyInput, createHorsePolicySchema } from './create-horse-policy.schema';
import { CreateHorsePolicyUseCase } from './create-horse-policy.use-case';
import { HorsePolicyRepository } from './horse-policy.repository';
import { presentHorsePolicy } from './horse-policy.presenter';
import { REFUND_PAYOUT_DOC } from '../../payments/refunds/refunds';

const idParam = z.strictObject({ horsePolicy: intId });

const REQUEST_EXAMPLE = {
  horse: { name: 'Desert Wind', breed: 'Arabian', date_of_birth: '2019-03-01', sex: 'male', color: 'grey', use: 'racing', microchip_number: '682000000012345', value: 250000 },
  owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
  declaration: true,
};

const POLICY_EXAMPLE = {
  id: 5,
  status: 0,
  insurer_code: 'caravan',
  provider_policy_id: null,
  horse: REQUEST_EXAMPLE.horse,
  owner: REQUEST_EXAMPLE.owner,
  net_premium: 16250,
  vat: 2437.5,
  price: 18687.5,
  start_date: null,
  end_date: null,
  payment_link: 'http://localhost:3000/pay/9b1d0f3e6a7c4b2d8e5f1a3c7b9d2e4f6a8c0b1d',
  purchased_at: null,
  cancelled_at: null,
  refund_amount: null,
  cancellation_document: null,
  meta_data: { extra_fields: null },
  created_at: '2026-11-22T09:05:00.000000Z',
};

@ApiTags('Horse')
@PartnerApi(...HORSE_PRODUCTS)
@Controller('api/v1/horse/policies')
export class HorsePoliciesController {
  constructor(
    private readonly create: CreateHorsePolicyUseCase,
    private readonly cancel: CancelHorsePolicyUseCase,
    private readonly policies: HorsePolicyRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create a horse policy',
    description:
      'JSON (the real service took a flat multipart form): `horse` {name, breed, date_of_birth (not in the future), sex male|female|gelding, optional color, ' +
      'use racing|breeding|show_jumping|endurance|leisure, `microchip_number` (15 digits) and/or `passport_number` (UELN, 15 capitals or digits) — at least one — ' +
      'and `value` in SAR (≥ 5000, two decimals at most)}, `owner` {name, id (10 digits, 1 or 2 first), email, phone 05xxxxxxxx} and `declaration: true`. ' +
      'The sandbox horse insurer prices one year of cover (mortality, theft, vet fees) from use, age and value; a horse it declines (over 20 years, or valued above 5,000,000 SAR) is 422 on `horse`. ' +
      '`price` = `net_premium` + 15 % VAT. Answers status 0 with a `payment_link` valid 24 hours; paying makes it status 1 with `provider_policy_id`, ' +
      '`start_date` (the payment day) and `end_date` (a year later, less a day).',
  })
  @ApiBody({ schema: { type: 'object', example: REQUEST_EXAMPLE } })
  @ApiCreatedResponse({ description: 'The horse policy (status 0).', schema: { type: 'object', example: POLICY_EXAMPLE } })
  @ApiErrors(422, 502)
  createPolicy(@CurrentPartner() partner: Partner, @Body({ schema: createHorsePolicySchema }) body: CreateHorsePolicyInput) {
    return this.create.execute(partner.clientId, body);
  }

  @Get(':horsePolicy')
  @ApiOperation({ summary: 'Show a horse policy', description: 'Added so a partner can see activation and refunds; the real service had no read endpoint for horse.' })
  @ApiOkResponse({ description: 'The horse policy.', schema: { type: 'object', example: POLICY_EXAMPLE } })
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
  @ApiBody({ required: false, schema: { type: 'object', properties: { cancellation_document: { type: 'string', format: 'binary', description: 'PDF, JPEG or PNG, at most 5 MB.' } } } })
  @ApiOkResponse({ description: 'The cancelled policy.', schema: { type: 'object', example: { ...POLICY_EXAMPLE, status: 2, payment_link: null, refund_amount: 18687.5 } } })
  @ApiErrors(400, 404, 409, 413, 422)
  cancelPolicy(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @UploadedCancellation() upload: CancellationUpload) {
    return this.cancel.execute(partner.clientId, p.horsePolicy, upload, this.config.publicBaseUrl);
  }
}
