import { Controller, Get, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { intId, pageQueryShape, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { absoluteUrl } from '../../http/absolute-url';
import { CurrentPartner, PartnerApi } from '../../auth/partner-api.decorator';
import type { Partner } from '../../auth/partner';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { UploadedDocuments, type DocumentUpload } from '../../files/documents/document-upload.guard';
import { ProductClaimIntake } from '../../claims-intake/product-claim-intake';
import { ClaimIntakeRoute } from '../../claims-intake/claim-intake.route';
import { TRAVEL_BASE, TRAVEL_CLAIM_TYPES, TRAVEL_PRODUCTS } from '../travel-products';
import { TravelClaimPolicies } from './travel-claim-policies';

const policyParam = z.strictObject({ policyId: intId });
const claimParam = z.strictObject({ policyId: intId, claim: intId });
const pageQuery = z.strictObject(pageQueryShape);

const CLAIM_EXAMPLE = {
  id: 14,
  policy_id: 7,
  claim_type: 'lost_baggage',
  incident_date: '2027-03-01',
  description: 'Checked suitcase not delivered at Munich; airline property irregularity report attached.',
  requested_amount: 1800,
  approved_amount: null,
  paid_amount: null,
  status: 'submitted',
  claim_status: 0,
  documents: [{ url: 'http://localhost:3000/files/0b6f3c2e-7d1a-4c55-9a0e-1e4d5c6b7a80.pdf', content_type: 'application/pdf', size: 48211 }],
  status_history: [{ status: 'submitted', at: '2027-03-02T08:12:00.000000Z' }],
  created_at: '2027-03-02T08:12:00.000000Z',
  updated_at: '2027-03-02T08:12:00.000000Z',
};

@ApiTags('Travel')
@PartnerApi(...TRAVEL_PRODUCTS)
@Controller(`${TRAVEL_BASE}/policies`)
export class TravelClaimsController {
  constructor(
    private readonly intake: ProductClaimIntake,
    private readonly spec: TravelClaimPolicies,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(':policyId/claims')
  @ClaimIntakeRoute({
    summary: 'Submit a travel claim',
    claimTypes: TRAVEL_CLAIM_TYPES,
    rules:
      'The cover runs on the days of the trip, from `start_date` to `end_date`, on a paid policy. `requested_amount` is at most 120,000 SAR for a medical emergency, ' +
      '1,000 for a trip delay and 2,500 for lost baggage. Name the traveller concerned in `description`.',
    example: CLAIM_EXAMPLE,
  })
  create(@CurrentPartner() partner: Partner, @Param({ schema: policyParam }) p: z.infer<typeof policyParam>, @UploadedDocuments() upload: DocumentUpload) {
    return this.intake.open(this.spec, partner.clientId, p.policyId, upload);
  }

  @Get(':policyId/claims')
  @ApiOperation({ summary: 'List a travel policy\'s claims', description: 'Newest first, in the paginator envelope.' })
  @ApiOkResponse({ description: 'A page of claims.', schema: { type: 'object', example: { current_page: 1, data: [CLAIM_EXAMPLE], total: 1, per_page: 15 } } })
  @ApiErrors(404, 422)
  list(@CurrentPartner() partner: Partner, @Param({ schema: policyParam }) p: z.infer<typeof policyParam>, @Query({ schema: pageQuery }) q: z.infer<typeof pageQuery>, @Req() req: FastifyRequest) {
    return this.intake.list('travel', partner.clientId, p.policyId, q, absoluteUrl(this.config.publicBaseUrl, req));
  }

  @Get(':policyId/claims/:claim')
  @ApiOperation({ summary: 'Show a travel claim', description: 'With its current `status` (and the integer `claim_status`) and `status_history`.' })
  @ApiOkResponse({ description: 'The claim.', schema: { type: 'object', example: CLAIM_EXAMPLE } })
  @ApiErrors(404)
  show(@CurrentPartner() partner: Partner, @Param({ schema: claimParam }) p: z.infer<typeof claimParam>) {
    return this.intake.show('travel', partner.clientId, p.policyId, p.claim);
  }
}
