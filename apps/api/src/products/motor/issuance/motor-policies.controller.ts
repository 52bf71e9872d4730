import { Body, Controller, Get, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  ApiError,
  DATE_RANGE_ORDER,
  dateRangeInOrder,
  dateRangeShape,
  dayBounds,
  digitString,
  formatDate,
  includeAggregatesField,
  intId,
  LARGE_LIST_TOTAL_NOTE,
  pageQueryShape,
  pageSkip,
  toPage,
  z,
} from '@lib/common';
import { personIdField, personOrCompanyIdField } from '@lib/common/saudi';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { absoluteUrl } from '../../../platform/http/absolute-url';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { MOTOR_COMPARISON_PRODUCTS } from '../motor-products';
import { IssuePolicyInput, issuePolicySchema, IssuePolicyUseCase } from './issue-policy.use-case';
import { presentMotorPolicy } from './motor-policy.presenter';
import { motorIssuedPolicyShape, motorPolicyPageShape, motorPolicyShape } from './motor-policy.response';
import { MotorPolicyFilter, MotorPolicyRepository } from './motor-policy.repository';
import { policyStatusQuery, PolicyStatus } from '../../../policies/policy-status';

const amountQuery = (label: string) => z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, `The ${label} must be an amount in SAR with at most 2 decimals.`);
const listQuery = z
  .strictObject({
    ...pageQueryShape,
    status: policyStatusQuery([PolicyStatus.Pending, PolicyStatus.Active, PolicyStatus.Expired]),
    quote_request_id: intId.optional(),
    quote_price_id: z.uuid({ error: 'The quote price id must be a UUID.' }).optional(),
    provider_policy_id: z.string().min(1).max(255).optional(),
    car_sequence_number: digitString(/^\d{8,9}$/, 'The car sequence number must be 8 or 9 digits.').optional(),
    new_owner_id: personIdField('new owner id').optional(),
    previous_owner_id: personOrCompanyIdField('previous owner id').optional(),
    min_price: amountQuery('min price').optional(),
    max_price: amountQuery('max price').optional(),
    ...dateRangeShape,
    include_aggregates: includeAggregatesField,
  })
  .refine(dateRangeInOrder, DATE_RANGE_ORDER)
  .refine((q) => !q.min_price || !q.max_price || Number(q.min_price) <= Number(q.max_price), {
    path: ['max_price'],
    message: 'The max price must be at least the min price.',
  });
const idParam = z.strictObject({ carPolicy: intId });

@ApiTags('Motor price comparison')
@PartnerApi(...MOTOR_COMPARISON_PRODUCTS)
@Controller('api/v1/car-comp/policies')
export class MotorPoliciesController {
  constructor(
    private readonly issue: IssuePolicyUseCase,
    private readonly policies: MotorPolicyRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Issue a policy from the chosen offer and price',
    description:
      'Needs the issue OTP (15 minutes, single use). The three ids come from one quote response and the offer must not have lapsed. ' +
      '`benefits` lists only paid benefits (`amount` > 0) of the same offer. `extra_data` (alias `extra_fields`) is a JSON object of at most 255 characters, ' +
      'kept in `meta_data` and sent with webhooks. In `redirect_url`, the token `policyID` in the query string becomes the policy id after payment. ' +
      "`iban` is no longer accepted here (send it to /issue-otp). Answers status 0 with `price` = price `total` + each chosen benefit's `amount` + `vat`, " +
      'and a `payment_link` to the hosted payment page (valid 24 hours or until the offer lapses). One policy per price: a second issuance is 409.',
  })
  @Responds(201, motorIssuedPolicyShape, 'The motor policy object (status 0, pending payment), without `product_id`.')
  @ApiErrors(409, 422)
  create(@CurrentPartner() partner: Partner, @Body({ schema: issuePolicySchema }) body: IssuePolicyInput) {
    return this.issue.execute(partner.clientId, body);
  }

  @Get()
  @ApiOperation({
    summary: 'List motor policies',
    description:
      "The calling client's policies, newest first, in the paginator envelope. Filters (the real service's): `status` (0 pending, 1 issued, 4 expired), `quote_request_id`, `quote_price_id`, " +
      '`provider_policy_id`, `car_sequence_number`, `new_owner_id`, `previous_owner_id`, `min_price` / `max_price` (SAR), `date_from` / `date_to` (YYYY-MM-DD, inclusive, UTC; ' +
      'on `created_at`, or on the purchase `uploaded_at` with `status=1`). `include_aggregates=true` adds `aggregates`: ' +
      '`{total_count, total_price, by_month: {"YYYY-MM": {count, total_price}}}` over every policy the filters match.' +
      LARGE_LIST_TOTAL_NOTE,
  })
  @Responds(200, motorPolicyPageShape, 'A page of motor policy objects.')
  @ApiErrors(422)
  async list(@CurrentPartner() partner: Partner, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Req() req: FastifyRequest) {
    const filter: MotorPolicyFilter = {
      status: q.status,
      quoteRequestId: q.quote_request_id,
      priceId: q.quote_price_id,
      providerPolicyId: q.provider_policy_id,
      carSequenceNumber: q.car_sequence_number,
      newOwnerId: q.new_owner_id,
      previousOwnerId: q.previous_owner_id,
      minPrice: q.min_price,
      maxPrice: q.max_price,
      ...dayBounds(q),
    };
    const [rows, total] = await this.policies.page(partner.clientId, filter, pageSkip(q), q.per_page);
    const data = rows.map((r) => presentMotorPolicy(r.policy, r.payment, this.config.publicBaseUrl, true));
    const { page: _page, date_from, date_to, include_aggregates, ...rest } = q;
    const page = toPage(data, total, q, absoluteUrl(this.config.publicBaseUrl, req), {
      ...rest,
      date_from: date_from && formatDate(date_from),
      date_to: date_to && formatDate(date_to),
      include_aggregates: include_aggregates || undefined,
    });
    return include_aggregates ? { ...page, aggregates: await this.policies.aggregates(partner.clientId, filter) } : page;
  }

  @Get(':carPolicy')
  @ApiOperation({ summary: 'Show a motor policy' })
  @Responds(200, motorPolicyShape, 'The motor policy object.')
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const found = await this.policies.findForClient(partner.clientId, p.carPolicy);
    if (!found) throw ApiError.notFound('No motor policy with this id.');
    return presentMotorPolicy(found.policy, found.payment, this.config.publicBaseUrl, true);
  }
}
