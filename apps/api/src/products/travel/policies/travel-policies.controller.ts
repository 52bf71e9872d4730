import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiError, intId, LARGE_LIST_TOTAL_NOTE, pageQueryShape, pageSkip, parseDate, requestBodySchema, toPage, validationError, z } from '@lib/common';
import { gregorianDateField } from '@lib/common/saudi';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { absoluteUrl } from '../../../platform/http/absolute-url';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { REFUND_PAYOUT_DOC } from '../../../payments/refunds/refunds';
import { CancelTravelPolicyUseCase } from '../cancellation/cancel-travel-policy.use-case';
import { travelPolicyPageShape, travelPolicyShape } from '../travel.response';
import { TRAVEL_BASE, TRAVEL_PRODUCTS } from '../travel-products';
import { PurchaseTravelPolicyInput, purchaseTravelPolicySchema } from './purchase-travel-policy.schema';
import { PurchaseTravelPolicyUseCase } from './purchase-travel-policy.use-case';
import { TravelPolicyRepository } from './travel-policy.repository';
import { TravelPolicyPresenter } from './travel-policy.view';
import { policyStatusQuery, PolicyStatus } from '../../../policies/policy-status';

const idParam = z.strictObject({ travelPolicy: intId });
const listQuery = z.strictObject({
  ...pageQueryShape,
  status: policyStatusQuery([PolicyStatus.Pending, PolicyStatus.Active, PolicyStatus.Cancelled, PolicyStatus.Expired]),
  date_from: gregorianDateField('date from').optional(),
  date_to: gregorianDateField('date to').optional(),
});
const cancelBody = z.strictObject({ reason: z.string().trim().max(500, 'The reason may not be greater than 500 characters.').optional() });

const DAY_MS = 86_400_000;

@ApiTags('Travel')
@PartnerApi(...TRAVEL_PRODUCTS)
@Controller()
export class TravelPoliciesController {
  constructor(
    private readonly purchase: PurchaseTravelPolicyUseCase,
    private readonly cancel: CancelTravelPolicyUseCase,
    private readonly policies: TravelPolicyRepository,
    private readonly presenter: TravelPolicyPresenter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post([`${TRAVEL_BASE}/policies`, `${TRAVEL_BASE}/purchase`, TRAVEL_BASE])
  @HttpCode(200)
  @ApiOperation({
    summary: 'Purchase a travel policy from a quote',
    description:
      'Answers 200 (as the real service does) with the policy: status 0 and a `payment_link` to the hosted payment page, valid 24 hours or until the quote expires if sooner. ' +
      'Also served at `/purchase` (older versions of the real service) and at the base path `POST /api/v1/yasmina-schengen-travel` (its guide). ' +
      "`quote_id` must be one of this client's quotes, not expired, whose trip has not started; a quote is bought once (409 for a second purchase). " +
      '`redirect_url` (optional): where the customer goes after paying, with `policyID` replaced by the policy id. ' +
      'Once paid the insurer issues the policy: status 1, `provider_policy_id`, `purchased_at`; shortly after, the certificate and the tax invoice (`policy_url`, also `provider_policy`; `invoice_url`, also `invoice`), ' +
      'announced by the `policy.documents_updated` webhook.',
  })
  @ApiBody({
    schema: requestBodySchema(purchaseTravelPolicySchema, { quote_id: 'Q-V1GN40HU', redirect_url: 'https://shop.example.com/travel/done?policy=policyID' }),
  })
  @Responds(200, travelPolicyShape, 'The policy (status 0).')
  @ApiErrors(409, 422)
  buy(@CurrentPartner() partner: Partner, @Body({ schema: purchaseTravelPolicySchema }) body: PurchaseTravelPolicyInput) {
    return this.purchase.execute(partner.clientId, body);
  }

  @Get(`${TRAVEL_BASE}/policies`)
  @ApiOperation({
    summary: 'List travel policies',
    description:
      "The calling client's travel policies, newest first, in the paginator envelope like the other lists; filters `status` (0, 1, 2, 4 expired), `date_from`, `date_to` (YYYY-MM-DD, on `created_at`)." +
      LARGE_LIST_TOTAL_NOTE,
  })
  @Responds(200, travelPolicyPageShape, 'A page of travel policies.')
  @ApiErrors(422)
  async list(@CurrentPartner() partner: Partner, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Req() req: FastifyRequest) {
    const to = q.date_to ? new Date(parseDate(q.date_to)!.getTime() + DAY_MS - 1) : undefined;
    const [rows, total] = await this.policies.pageForClient(
      partner.clientId,
      { status: q.status, from: q.date_from ? parseDate(q.date_from)! : undefined, to },
      pageSkip(q),
      q.per_page,
    );
    return toPage(
      rows.map((v) => this.presenter.present(v)),
      total,
      q,
      absoluteUrl(this.config.publicBaseUrl, req),
      { status: q.status, date_from: q.date_from, date_to: q.date_to, per_page: q.per_page },
    );
  }

  @Get(`${TRAVEL_BASE}/policies/:travelPolicy`)
  @ApiOperation({ summary: 'Show a travel policy' })
  @Responds(200, travelPolicyShape, 'The travel policy.')
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const view = await this.policies.showForClient(partner.clientId, p.travelPolicy);
    if (!view) throw ApiError.notFound('No travel policy with this id.');
    return this.presenter.present(view);
  }

  @Post(`${TRAVEL_BASE}/policies/:travelPolicy/cancellation`)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel a travel policy',
    description:
      "Before the trip starts only (the real service documents no travel cancellation; this follows the platform's other families). Optional JSON `{reason}`. " +
      'An unpaid policy (status 0) is cancelled and its payment link stops working. A paid one (status 1) is cancelled with the insurer and its whole `price` is refunded: ' +
      REFUND_PAYOUT_DOC +
      ' From the start date on the cover is in use: 409. Cancelling again: 400 (code 40010). Answers 200 with the cancelled policy and `refund_amount`.',
  })
  @ApiBody({ required: false, schema: { type: 'object', properties: { reason: { type: 'string', maxLength: 500 } } } })
  @Responds(200, travelPolicyShape, 'The cancelled policy (status 2) with `refund_amount`.')
  @ApiErrors(400, 404, 409, 422, 502)
  cancelPolicy(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @Body() raw: unknown) {
    // The body is optional: no body is no reason.
    const body = cancelBody.safeParse(raw ?? {});
    if (!body.success) throw validationError(body.error.issues);
    return this.cancel.execute(partner.clientId, p.travelPolicy, body.data.reason || null);
  }
}
