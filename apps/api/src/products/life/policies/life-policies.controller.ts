import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, Query, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TaxInvoices } from '../../../payments/tax-invoices/tax-invoices';
import { sendTaxInvoice, TaxInvoiceRoute } from '../../../payments/tax-invoices/tax-invoice-route';

import { ARRAY_PAGE_HEADERS, ARRAY_PAGE_NOTE, arrayPageHeaders, arrayPageQueryShape, intId, pageSkip, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { absoluteUrl } from '../../../platform/http/absolute-url';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { AcceptsMultipart } from '../../../platform/files/multipart';
import { CancellationUpload, CancellationUploadGuard, UploadedCancellation } from '../../../policies/cancellation/cancellation-upload.guard';
import { CancelLifePolicyUseCase } from '../cancellation/cancel-life-policy.use-case';
import { LIFE_COOLING_OFF_DAYS, LIFE_PRODUCTS } from '../life-products';
import { IssueLifePolicyInput, issueLifePolicySchema } from './issue-life-policy.schema';
import { IssueLifePolicyUseCase } from './issue-life-policy.use-case';
import { LifePolicyRepository } from './life-policy.repository';
import { presentLifePolicy } from './life-policy.presenter';
import { lifePolicyListShape, lifePolicyShape } from './life-policy.response';
import { REFUND_PAYOUT_DOC } from '../../../payments/refunds/refunds';
import { policyStatusQuery, PolicyStatus } from '../../../policies/policy-status';

const idParam = z.strictObject({ lifePolicy: intId });
const listQuery = z.strictObject({
  status: policyStatusQuery([PolicyStatus.Pending, PolicyStatus.Active, PolicyStatus.Cancelled, PolicyStatus.Expired]),
  ...arrayPageQueryShape,
});

@ApiTags('Life savings and protection')
@PartnerApi(...LIFE_PRODUCTS)
@Controller('api/v1/life-snp/policies')
export class LifePoliciesController {
  constructor(
    private readonly issue: IssueLifePolicyUseCase,
    private readonly cancel: CancelLifePolicyUseCase,
    private readonly policies: LifePolicyRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly taxInvoices: TaxInvoices,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Issue a life policy from an offer',
    description:
      "From an offer of the same client that has not passed `valid_until` (an expired offer is 422 on `offer_id`; another client's offer is not found). " +
      "`applicant_id` must be the offer's. `beneficiaries` (1–10, distinct, not the applicant) have whole `share_percentage`s adding up to 100. " +
      '`iban` (optional) is the payout account for claims (SA + 22 digits with valid mod-97 check digits), never charged; only its masked form is returned. ' +
      "The real service's repeated terms are accepted: `date_of_birth`, `gender`, `smoker`, `policy_term_years`, `premium_frequency`, `agreed_premium` and " +
      "`sum_assured` must equal the offer's (a 422 names each that differs), and `start_date` (today to 90 days ahead) is when the cover starts, or the " +
      'payment day if that is later (`requested_start_date`). ' +
      "`consent` must be true. The plan's terms come from the offer and are not sent again. Answers status 0 (pending payment) and a `payment_link` " +
      'for the first instalment (`premium_amount`), valid 24 hours or until the offer expires; paying makes it status 1 (active) with `provider_policy_id`, ' +
      '`start_date` (the payment day) and `end_date` (start + term). Status values are integers as for motor and property (0 pending, 1 active, 2 cancelled, 4 expired at maturity), ' +
      'not the real service\'s string "active". One policy per offer: a second is 409.',
  })
  @Responds(201, lifePolicyShape, 'The life policy (status 0).')
  @ApiErrors(409, 422)
  create(@CurrentPartner() partner: Partner, @Body({ schema: issueLifePolicySchema }) body: IssueLifePolicyInput) {
    return this.issue.execute(partner.clientId, body);
  }

  @Get()
  @ApiOperation({
    summary: "List the bank channel's life policies",
    description: "The calling client's policies, newest first, as a plain array; filter `status` 0, 1, 2 or 4 (expired)." + ARRAY_PAGE_NOTE,
  })
  @Responds(200, lifePolicyListShape, 'Life policy objects.', ARRAY_PAGE_HEADERS)
  @ApiErrors(422)
  async list(
    @CurrentPartner() partner: Partner,
    @Query({ schema: listQuery }) q: z.infer<typeof listQuery>,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const [views, total] = await this.policies.pageForClient(partner.clientId, q.status, pageSkip(q), q.per_page);
    reply.headers(arrayPageHeaders(total, q, absoluteUrl(this.config.publicBaseUrl, req), { status: q.status }));
    return views.map((v) => presentLifePolicy(v, this.config.publicBaseUrl));
  }

  @Post(':lifePolicy/cancellation')
  @HttpCode(200)
  @AcceptsMultipart()
  @UseGuards(CancellationUploadGuard)
  @ApiOperation({
    summary: 'Cancel a life policy',
    description:
      REFUND_PAYOUT_DOC +
      ' ' +
      `Only an active policy (status 1) is cancelled; a pending one is 409 (its payment link simply lapses); cancelling again is 400 (code 40010). ` +
      `Optional multipart part \`cancellation_document\`: a PDF, JPEG or PNG of at most 5 MB, judged by content (a truncated PDF or a renamed text file is 422). ` +
      `Cooling-off: within ${LIFE_COOLING_OFF_DAYS} days (x 24 h) of payment the whole first instalment is refunded. After that the refund is pro-rata: ` +
      'the instalment paid x unused days / days of the instalment period (1, 3, 6 or 12 months from `start_date` by `premium_frequency`), rounded half-up to the halala, ' +
      'and 0 once that period is over. The refund goes to the payout IBAN; it is recorded as `refund_amount`. ' +
      "Answers 200 with the cancelled policy (status 2) rather than the real service's empty 204, so the refund is visible.",
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    required: false,
    schema: { type: 'object', properties: { cancellation_document: { type: 'string', format: 'binary', description: 'PDF, JPEG or PNG, at most 5 MB.' } } },
  })
  @Responds(200, lifePolicyShape, 'The cancelled policy (status 2) with `refund_amount`.')
  @ApiErrors(400, 404, 409, 413, 422)
  cancelPolicy(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @UploadedCancellation() upload: CancellationUpload) {
    return this.cancel.execute(partner.clientId, p.lifePolicy, upload, this.config.publicBaseUrl);
  }

  @Get(':lifePolicy/tax-invoice')
  @TaxInvoiceRoute('life savings and protection')
  async taxInvoice(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @Res() reply: FastifyReply) {
    return sendTaxInvoice(reply, await this.taxInvoices.pdfOfPolicy(partner.clientId, 'life', p.lifePolicy));
  }
}
