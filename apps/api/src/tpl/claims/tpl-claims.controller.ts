import { ClaimIntakeSpec, ProductClaimIntake } from '../../claims-intake/product-claim-intake';
import { Controller, Get, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { intId, pageQueryShape, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { RateLimit } from '@lib/http';
import { CurrentPartner, PartnerApi } from '../../auth/partner-api.decorator';
import type { Partner } from '../../auth/partner';
import { absoluteUrl } from '../../http/absolute-url';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { DocumentUpload, UploadedDocuments } from '../../files/documents/document-upload.guard';
import { TPL_PRODUCT } from '../tpl-provider.token';
import { TPL_CLAIM_FAMILY, TPL_CLAIM_TYPES } from './tpl-claim-policies';
import { ClaimIntakeRoute } from '../../claims-intake/claim-intake.route';

const policyParam = z.strictObject({ policy: intId });
const claimParam = z.strictObject({ policy: intId, claim: intId });
const listQuery = z.strictObject({ ...pageQueryShape });

const CLAIM_EXAMPLE = {
  id: 31,
  policy_id: 12,
  claim_type: 'third_party_vehicle_damage',
  incident_date: '2027-01-14',
  description: 'Rear-ended a car at a traffic light.',
  requested_amount: 6500,
  approved_amount: null,
  paid_amount: null,
  status: 'submitted',
  claim_status: 0,
  documents: [],
  status_history: [{ status: 'submitted', at: '2027-01-15T08:12:00.000000Z' }],
  created_at: '2027-01-15T08:12:00.000000Z',
  updated_at: '2027-01-15T08:12:00.000000Z',
};

/** Car claims on TPL v2 policies, through the product-agnostic claims core (family `tpl`). */
@ApiTags('TPL motor v2')
@PartnerApi(TPL_PRODUCT)
@Controller(['v2/car/policies', 'api/v2/car/policies'])
export class TplClaimsController {
  constructor(
    private readonly intake: ProductClaimIntake,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private readonly spec: ClaimIntakeSpec = { family: TPL_CLAIM_FAMILY, claimTypes: TPL_CLAIM_TYPES };

  @Post(':policy/claims')
  @RateLimit('POST /car/policies/{policy}/claims')
  @ClaimIntakeRoute({
    summary: 'Start a car claim on a TPL policy',
    claimTypes: TPL_CLAIM_TYPES,
    rules: 'The cover runs from the start date through the end date, or to before the cancellation day. Rate limit: 30 per minute (the spec\'s `/car/policies/{policy}/claims` row).',
    example: CLAIM_EXAMPLE,
  })
  async create(@CurrentPartner() partner: Partner, @Param({ schema: policyParam }) p: z.infer<typeof policyParam>, @UploadedDocuments() upload: DocumentUpload) {
    return this.intake.open(this.spec, partner.clientId, p.policy, upload);
  }

  @Get(':policy/claims')
  @ApiOperation({ summary: 'List the claims of a TPL policy', description: 'Newest first, in the paginator envelope.' })
  @ApiOkResponse({ description: 'A page of claims.' })
  @ApiErrors(404, 422)
  async list(@CurrentPartner() partner: Partner, @Param({ schema: policyParam }) p: z.infer<typeof policyParam>, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Req() req: FastifyRequest) {
    return this.intake.list(TPL_CLAIM_FAMILY, partner.clientId, p.policy, q, absoluteUrl(this.config.publicBaseUrl, req));
  }

  @Get(':policy/claims/:claim')
  @RateLimit('GET /car/policies/{policy}/claims/{claim}')
  @ApiOperation({ summary: 'Show a car claim', description: 'Rate limit: 120 per minute.' })
  @ApiOkResponse({ description: 'The claim.', schema: { type: 'object', example: CLAIM_EXAMPLE } })
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: claimParam }) p: z.infer<typeof claimParam>) {
    return this.intake.show(TPL_CLAIM_FAMILY, partner.clientId, p.policy, p.claim);
  }
}
