import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiError, intId, LARGE_LIST_TOTAL_NOTE, pageQueryShape, pageSkip, toPage, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { RateLimit } from '@lib/http';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { FileStore } from '../../../platform/files/file-store';
import { AcceptsMultipart } from '../../../platform/files/multipart';
import { absoluteUrl } from '../../../platform/http/absolute-url';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { TPL_PRODUCT } from '../tpl-provider.token';
import { ISSUE_BODY, STATUS_DOC } from '../tpl-openapi';
import { presentTplPolicy } from '../tpl-policy.presenter';
import { TPL_POLICY_STATUSES, tplPolicyPageShape, tplPolicyShape } from '../tpl-policy.response';
import { TplPolicyRepository } from '../tpl-policy.repository';
import { UploadedDocument, VehicleDocumentUpload, VehicleDocumentUploadGuard } from '../upload/vehicle-document-upload.guard';
import { IssueTplPolicyUseCase } from './issue-tpl-policy.use-case';
import { policyStatusQuery } from '../../../policies/policy-status';

const listQuery = z.strictObject({
  ...pageQueryShape,
  vin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{17}$/, 'The vin must be 17 letters and digits.')
    .optional(),
  car_sequence_number: z
    .string()
    .regex(/^\d{8,9}$/, 'The car sequence number must be between 8 and 9 digits.')
    .optional(),
  current_car_owner: z
    .string()
    .regex(/^\d{10}$/, 'The current car owner must be 10 digits.')
    .optional(),
  status: policyStatusQuery(TPL_POLICY_STATUSES),
});
const idParam = z.strictObject({ carPolicy: intId });

@ApiTags('TPL motor v2')
@PartnerApi(TPL_PRODUCT)
@Controller(['v2/car/policies', 'api/v2/car/policies'])
export class TplPoliciesController {
  constructor(
    private readonly issue: IssueTplPolicyUseCase,
    private readonly policies: TplPolicyRepository,
    private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @RateLimit('POST /car/policies')
  @AcceptsMultipart()
  @UseGuards(VehicleDocumentUploadGuard)
  @ApiOperation({
    summary: 'Issue a TPL policy for a vehicle changing owner',
    description:
      'multipart/form-data. Every field problem is reported at once (422 with `details`). The flat premium comes from the TPL insurer; ' +
      'the answer carries a `payment_link` (24 hours) to the hosted payment page, and paying issues the policy (status 1, `provider_policy_id`). ' +
      STATUS_DOC +
      " Rate limit: 30 requests per minute (the spec's `/car/policies` row).",
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: ISSUE_BODY })
  @Responds(201, tplPolicyShape, 'The TPL policy (status 0, or 3 when on hold).')
  @ApiErrors(400, 413, 415, 422, 502)
  create(@CurrentPartner() partner: Partner, @UploadedDocument() upload: VehicleDocumentUpload) {
    return this.issue.execute(partner.clientId, upload);
  }

  @Get()
  @RateLimit('GET /car/policies')
  @ApiOperation({
    summary: 'List TPL policies',
    description:
      "The calling client's TPL v2 policies, newest first, in the paginator envelope; filters `vin`, `car_sequence_number`, `current_car_owner`, `status` (0 pending, 1 issued, 2 cancelled, 3 on hold, 4 expired). Rate limit: 120 per minute." +
      LARGE_LIST_TOTAL_NOTE,
  })
  @Responds(200, tplPolicyPageShape, 'A page of TPL policies.')
  @ApiErrors(422)
  async list(@CurrentPartner() partner: Partner, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Req() req: FastifyRequest) {
    const [rows, total] = await this.policies.page(
      partner.clientId,
      { vin: q.vin, carSequenceNumber: q.car_sequence_number, currentCarOwner: q.current_car_owner, status: q.status },
      pageSkip(q),
      q.per_page,
    );
    const data = rows.map((r) => presentTplPolicy(r.policy, r.payment, this.config.publicBaseUrl, this.istimarahUrl(r.policy)));
    return toPage(data, total, q, absoluteUrl(this.config.publicBaseUrl, req), {
      vin: q.vin,
      car_sequence_number: q.car_sequence_number,
      current_car_owner: q.current_car_owner,
      status: q.status,
      per_page: q.per_page,
    });
  }

  @Get(':carPolicy')
  @ApiOperation({ summary: 'Show a TPL policy' })
  @Responds(200, tplPolicyShape, 'The TPL policy.')
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const found = await this.policies.findForClient(partner.clientId, p.carPolicy);
    if (!found) throw ApiError.notFound('No TPL policy with this id.');
    return presentTplPolicy(found.policy, found.payment, this.config.publicBaseUrl, this.istimarahUrl(found.policy));
  }

  private istimarahUrl(p: { istimarahFileId: string; istimarahType: string }) {
    return this.files.urlOf({ id: p.istimarahFileId, contentType: p.istimarahType });
  }
}
