import { ClaimIntakeSpec, CLAIM_FIELDS, ClaimUploadGuard, MAX_CLAIM_DOCUMENTS, noClaimLimit, ProductClaimIntake } from '../../claims-intake/product-claim-intake';
import { Controller, Get, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { intId, pageQueryShape, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { RateLimit } from '@lib/http';
import { CurrentPartner, PartnerApi } from '../../auth/partner-api.decorator';
import type { Partner } from '../../auth/partner';
import { AcceptsMultipart } from '../../files/multipart';
import { absoluteUrl } from '../../http/absolute-url';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { DocumentUpload, UploadedDocuments } from '../../files/documents/document-upload.guard';
import { TPL_PRODUCT } from '../tpl-provider.token';
import { TPL_CLAIM_FAMILY, TPL_CLAIM_TYPES } from './tpl-claim-policies';

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
  claim_status: 'submitted',
  documents: [],
  status_history: [{ status: 'submitted', at: '2027-01-15T08:12:00.000000Z' }],
  created_at: '2027-01-15T08:12:00.000000Z',
  updated_at: '2027-01-15T08:12:00.000000Z',
};

/** Car claims on TPL v2 policies, through the product-agnostic claims core (family `tpl`). */
@ApiTags('TPL motor v2')
@PartnerApi(TPL_PRODUCT)
@Controller('v2/car/policies')
export class TplClaimsController {
  constructor(
    private readonly intake: ProductClaimIntake,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private readonly spec: ClaimIntakeSpec = { family: TPL_CLAIM_FAMILY, claimTypes: TPL_CLAIM_TYPES, limitFor: noClaimLimit };

  @Post(':policy/claims')
  @RateLimit('POST /car/policies/{policy}/claims')
  @AcceptsMultipart()
  @UseGuards(ClaimUploadGuard)
  @ApiOperation({
    summary: 'Start a car claim on a TPL policy',
    description:
      `multipart/form-data: \`claim_type\` (${TPL_CLAIM_TYPES.join(', ')}), \`incident_date\` (YYYY-MM-DD, not in the future, within the cover: ` +
      'from the start date through the end date, or before the cancellation day), `description` (at most 2000 characters), `requested_amount` ' +
      `(SAR, at most 2 decimals) and 0 to ${MAX_CLAIM_DOCUMENTS} files in \`documents\` (JPEG or PNG up to 3 MB, PDF up to 5 MB, checked by content). ` +
      'Only an issued (paid) policy has cover. The claim starts `submitted`. Rate limit: 30 per minute (the spec\'s `/car/policies/{policy}/claims` row).',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: [...CLAIM_FIELDS],
      properties: {
        claim_type: { type: 'string', enum: [...TPL_CLAIM_TYPES] },
        incident_date: { type: 'string', format: 'date' },
        description: { type: 'string', maxLength: 2000 },
        requested_amount: { type: 'string', example: '6500.00' },
        documents: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: MAX_CLAIM_DOCUMENTS },
      },
    },
  })
  @ApiCreatedResponse({ description: 'The claim.', schema: { type: 'object', example: CLAIM_EXAMPLE } })
  @ApiErrors(404, 413, 415, 422)
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
