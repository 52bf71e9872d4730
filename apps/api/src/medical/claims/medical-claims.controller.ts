import { ClaimIntakeSpec, ProductClaimIntake } from '../../claims-intake/product-claim-intake';
import { Controller, Get, Param, Post, Query, Req } from '@nestjs/common';
import { Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { intId, pageQueryShape, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { CurrentPartner, PartnerApi } from '../../auth/partner-api.decorator';
import type { Partner } from '../../auth/partner';
import { absoluteUrl } from '../../http/absolute-url';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { RateLimit } from '@lib/http';
import { MEDICAL_API, MEDICAL_PRODUCT } from '../medical-products';
import { DocumentUpload, UploadedDocuments } from '../../files/documents/document-upload.guard';
import { MEDICAL_CLAIM_TYPES } from './medical-claim-policies';
import { ClaimIntakeRoute } from '../../claims-intake/claim-intake.route';

const policyParam = z.strictObject({ policyId: intId });
const claimParam = z.strictObject({ policyId: intId, claim: intId });
const listQuery = z.strictObject({ ...pageQueryShape });

const CLAIM_EXAMPLE = {
  id: 31,
  policy_id: 655,
  claim_type: 'outpatient',
  incident_date: '2027-01-14',
  description: 'Outpatient visit and tests for the employee Sara Al-Harbi (1012345678).',
  requested_amount: 850,
  approved_amount: null,
  paid_amount: null,
  status: 'submitted',
  claim_status: 0,
  documents: [{ url: 'http://localhost:3000/files/0b6f3c2e-7d1a-4c55-9a0e-1e4d5c6b7a80.jpg', content_type: 'image/jpeg', size: 482113 }],
  status_history: [{ status: 'submitted', at: '2027-01-15T08:12:00.000000Z' }],
  created_at: '2027-01-15T08:12:00.000000Z',
  updated_at: '2027-01-15T08:12:00.000000Z',
};

@ApiTags('SME medical')
@PartnerApi(MEDICAL_PRODUCT)
@Controller(`${MEDICAL_API}/policies`)
export class MedicalClaimsController {
  constructor(
    private readonly intake: ProductClaimIntake,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private readonly spec: ClaimIntakeSpec = { family: 'medical', claimTypes: MEDICAL_CLAIM_TYPES };

  @Post(':policyId/claims')
  @RateLimit('POST /medical/policies/{policy}/claims')
  @ClaimIntakeRoute({
    summary: 'Start a claim',
    claimTypes: MEDICAL_CLAIM_TYPES,
    rules: 'The cover runs a year from the day the policy was paid and issued, ending early on the cancellation day. Name the insured member (employee or dependent, with their id) in `description`. Rate limit: 30 per minute.',
    example: CLAIM_EXAMPLE,
  })
  async create(@CurrentPartner() partner: Partner, @Param({ schema: policyParam }) p: z.infer<typeof policyParam>, @UploadedDocuments() upload: DocumentUpload) {
    return this.intake.open(this.spec, partner.clientId, p.policyId, upload);
  }

  @Get(':policyId/claims')
  @ApiOperation({ summary: 'List the claims of a medical policy', description: 'Newest first, in the paginator envelope.' })
  @ApiOkResponse({ description: 'A page of claims.' })
  @ApiErrors(404, 422)
  async list(@CurrentPartner() partner: Partner, @Param({ schema: policyParam }) p: z.infer<typeof policyParam>, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Req() req: FastifyRequest) {
    return this.intake.list('medical', partner.clientId, p.policyId, q, absoluteUrl(this.config.publicBaseUrl, req));
  }

  @Get(':policyId/claims/:claim')
  @RateLimit('GET /medical/policies/{policy}/claims/{claim}')
  @ApiOperation({ summary: 'Show a medical claim', description: 'Rate limit: 120 per minute.' })
  @ApiOkResponse({ description: 'The claim.', schema: { type: 'object', example: CLAIM_EXAMPLE } })
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: claimParam }) p: z.infer<typeof claimParam>) {
    return this.intake.show('medical', partner.clientId, p.policyId, p.claim);
  }
}
