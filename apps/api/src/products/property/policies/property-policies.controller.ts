import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TaxInvoices } from '../../../payments/tax-invoices/tax-invoices';
import { sendTaxInvoice, TaxInvoiceRoute } from '../../../payments/tax-invoices/tax-invoice-route';

import { ApiError, intId, LARGE_LIST_TOTAL_NOTE, pageQueryShape, pageSkip, parseDate, requestBodySchema, toPage, validationError, z } from '@lib/common';
import { gregorianDateField } from '@lib/common/saudi';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { absoluteUrl } from '../../../platform/http/absolute-url';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { CancelPropertyPolicyUseCase } from '../cancellation/cancel-property-policy.use-case';
import { CANCELLATION_STATUSES, CancellationStatusService } from '../cancellation/cancellation-status.service';
import { PROPERTY_PRODUCTS } from '../property-products';
import { IssuePropertyPolicyUseCase } from './issue-property-policy.use-case';
import { PropertyPolicyViews } from './property-policy-views';
import { PropertyPolicyRepository } from './property-policy.repository';
import { issuePropertyPolicyDocSchema } from './property-policy.schema';
import { propertyCancellationStatusShape, propertyPolicyPageShape, propertyPolicyShape } from './property-policy.response';
import { REFUND_PAYOUT_DOC } from '../../../payments/refunds/refunds';
import { policyStatusQuery, PolicyStatus } from '../../../policies/policy-status';

const listQuery = z.strictObject({
  ...pageQueryShape,
  nationality_id: z.string().max(20).optional(),
  status: policyStatusQuery([PolicyStatus.Pending, PolicyStatus.Active, PolicyStatus.Cancelled, PolicyStatus.Expired]),
  created_from: gregorianDateField('created from').optional(),
  created_to: gregorianDateField('created to').optional(),
});
export const propertyPolicyParam = z.strictObject({ propertyPolicy: intId });
const cancelBody = z.strictObject({ reason: z.string().trim().max(500, 'The reason may not be greater than 500 characters.').optional() });

/** The client's enrolment recorded on the policy: the first property product it holds. */
function productOf(partner: Partner): string {
  return PROPERTY_PRODUCTS.find((p) => partner.products.includes(p)) ?? PROPERTY_PRODUCTS[0];
}

@ApiTags('Property')
@PartnerApi(...PROPERTY_PRODUCTS)
@Controller('api/v1/property/policies')
export class PropertyPoliciesController {
  constructor(
    private readonly issue: IssuePropertyPolicyUseCase,
    private readonly policies: PropertyPolicyRepository,
    private readonly views: PropertyPolicyViews,
    private readonly status: CancellationStatusService,
    private readonly cancelPolicy: CancelPropertyPolicyUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly taxInvoices: TaxInvoices,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Issue a property policy',
    description:
      '`insurance_provider` comes from GET /prices; only the configured provider may issue (by default `dune`; any other code is 422). ' +
      '`personal_details`: `name` (English, no Arabic letters) and `name_ar` (Arabic script), at most 255; `gender` M or F; `email` at most 255; ' +
      '`phone_number` + then 10 to 15 digits; `birthdate` YYYY-MM-DD in the past; `nationality` a supported ISO 3166-1 alpha-2 code; ' +
      '`nationality_id` (national id, iqama or passport) at most 20 letters and digits. `building_details`: `building_age` and `apartment_size` ' +
      'integers of at least 0, `building_type` apartment, villa or private_accommodation. `address`: `street_name` and `district_name` at most 255, ' +
      '`building_number` at most 50, `additional_number`, `zip_code` and `unit_number` at most 20, `city_name` a supported city. ' +
      '`property_cost` and/or `contents_cost` (SAR, at least one). `iban` SA + 22 digits with valid check digits (for settlements and refunds; never charged). ' +
      '`start_date` tomorrow or later and at most 365 days ahead (the policy runs one year from it). `has_agreed_to_terms_and_conditions` must be true, 1 or yes. ' +
      'In `redirect_url` the token `policyID` in the query string becomes the policy id. The insurer prices the property during the call ' +
      '(an insurer that fails is 502, nothing is written). Answers status 0 with `price` (premium + 15% VAT) and a `payment_link` valid 24 hours; ' +
      'after payment the policy becomes status 1 with `provider_policy_id` and `provider_policy` (the PDF).',
  })
  @ApiBody({ schema: requestBodySchema(issuePropertyPolicyDocSchema) })
  @Responds(201, propertyPolicyShape, 'The property policy object (status 0, pending payment).')
  @ApiErrors(422, 502)
  async create(@CurrentPartner() partner: Partner, @Body() body: unknown) {
    const { policy, payment } = await this.issue.execute({ clientId: partner.clientId, productCode: productOf(partner), body });
    return this.views.present({ policy, payment, documents: [] });
  }

  @Get()
  @ApiOperation({
    summary: 'List property policies',
    description:
      "The calling client's policies, newest first, in the Laravel paginator envelope (the real service answers a plain array here; this API uses " +
      'one list shape everywhere). Filters: `nationality_id`, `status` (0 pending, 1 active, 2 cancelled, 4 expired), `created_from` and `created_to` ' +
      '(UTC dates, inclusive); `page`, `per_page` (1 to 100).' +
      LARGE_LIST_TOTAL_NOTE,
  })
  @Responds(200, propertyPolicyPageShape, 'A page of property policy objects.')
  @ApiErrors(422)
  async list(@CurrentPartner() partner: Partner, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Req() req: FastifyRequest) {
    const [rows, total] = await this.policies.pageForClient(
      partner.clientId,
      {
        nationalityId: q.nationality_id,
        status: q.status,
        createdFrom: q.created_from ? parseDate(q.created_from)! : undefined,
        createdThrough: q.created_to,
      },
      pageSkip(q),
      q.per_page,
    );
    const filters = { nationality_id: q.nationality_id, status: q.status, created_from: q.created_from, created_to: q.created_to, per_page: q.per_page };
    return toPage(this.views.presentAll(rows), total, q, absoluteUrl(this.config.publicBaseUrl, req), filters);
  }

  @Get(':propertyPolicy')
  @ApiOperation({ summary: 'Show a property policy', description: 'With `meta_data.documents`; a cancelled policy also has `cancellation` with the refund.' })
  @Responds(200, propertyPolicyShape, 'The property policy object.')
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: propertyPolicyParam }) p: z.infer<typeof propertyPolicyParam>) {
    const shown = await this.views.forClient(partner.clientId, p.propertyPolicy);
    if (!shown) throw ApiError.notFound('No property policy with this id.');
    return shown;
  }

  @Get(':propertyPolicy/cancellation-status')
  @ApiOperation({
    summary: 'Cancellation status of a property policy',
    description:
      `Asks the insurer live and answers \`{"status": ...}\`: one of ${CANCELLATION_STATUSES.map((s) => `\`${s}\``).join(', ')}. ` +
      '`pending_payment`: not paid, the insurer holds no policy yet (answered without asking). `active`: in force with the insurer. ' +
      '`cancelled`: cancelled with the insurer, or cancelled before payment. `expired`: the one-year term has ended. An insurer that fails or does not answer is 502.',
  })
  @Responds(200, propertyCancellationStatusShape, 'The status.')
  @ApiErrors(404, 502)
  async cancellationStatus(@CurrentPartner() partner: Partner, @Param({ schema: propertyPolicyParam }) p: z.infer<typeof propertyPolicyParam>) {
    return this.status.of(await this.owned(partner, p.propertyPolicy));
  }

  @Post(':propertyPolicy/cancellation')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel a property policy',
    description:
      'Optional `reason` (at most 500 characters). An active policy is cancelled with its insurer first (an insurer that fails is 502 and nothing changes) ' +
      'and refunded pro rata: price x unused days / term days, rounded half-up to the halala, the cancellation day counting as unused ' +
      '(before the start date everything is refunded). ' +
      REFUND_PAYOUT_DOC +
      ' A policy not yet paid is cancelled with no refund ' +
      'and its payment link stops working. Answers the policy with status 2, `canceled_at` and `cancellation` {reason, refund_amount, unused_days, term_days}. ' +
      'Cancelling a cancelled policy is 400 (code 40010).',
  })
  @ApiBody({ schema: requestBodySchema(cancelBody), required: false })
  @Responds(200, propertyPolicyShape, 'The cancelled property policy object.')
  @ApiErrors(400, 404, 422, 502)
  async cancel(@CurrentPartner() partner: Partner, @Param({ schema: propertyPolicyParam }) p: z.infer<typeof propertyPolicyParam>, @Body() raw: unknown) {
    const parsed = cancelBody.safeParse(raw ?? {});
    if (!parsed.success) throw validationError(parsed.error.issues);
    const policy = await this.owned(partner, p.propertyPolicy);
    const cancelled = await this.cancelPolicy.execute({ policy, reason: parsed.data.reason || null, by: 'client' });
    return this.views.load(cancelled);
  }

  private async owned(partner: Partner, id: number) {
    const policy = await this.policies.findForClient(partner.clientId, id);
    if (!policy) throw ApiError.notFound('No property policy with this id.');
    return policy;
  }

  @Get(':propertyPolicy/tax-invoice')
  @TaxInvoiceRoute('property')
  async taxInvoice(
    @CurrentPartner() partner: Partner,
    @Param({ schema: propertyPolicyParam }) p: z.infer<typeof propertyPolicyParam>,
    @Res() reply: FastifyReply,
  ) {
    return sendTaxInvoice(reply, await this.taxInvoices.pdfOfPolicy(partner.clientId, 'property', p.propertyPolicy));
  }
}
