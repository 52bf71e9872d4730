import { ClaimIntakeSpec, ProductClaimIntake } from '../../claims-intake/product-claim-intake';
import { Controller, Get, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { intId, pageQueryShape, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { CurrentPartner, PartnerApi } from '../../auth/partner-api.decorator';
import type { Partner } from '../../auth/partner';
import { absoluteUrl } from '../../http/absolute-url';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { PROPERTY_PRODUCTS } from '../property-products';
import { DocumentUpload, UploadedDocuments } from '../../files/documents/document-upload.guard';
import { PROPERTY_CLAIM_TYPES } from './property-claim-policies';
import { ClaimIntakeRoute } from '../../claims-intake/claim-intake.route';

const policyParam = z.strictObject({ propertyPolicy: intId });
const claimParam = z.strictObject({ propertyPolicy: intId, claim: intId });
const listQuery = z.strictObject({ ...pageQueryShape });

const CLAIM_EXAMPLE = {
  id: 31,
  policy_id: 655,
  claim_type: 'water_damage',
  incident_date: '2027-01-14',
  description: 'A burst pipe flooded the kitchen.',
  requested_amount: 4200,
  approved_amount: null,
  paid_amount: null,
  status: 'submitted',
  claim_status: 0,
  documents: [{ url: 'http://localhost:3000/files/0b6f3c2e-7d1a-4c55-9a0e-1e4d5c6b7a80.jpg', content_type: 'image/jpeg', size: 482113 }],
  status_history: [{ status: 'submitted', at: '2027-01-15T08:12:00.000000Z' }],
  created_at: '2027-01-15T08:12:00.000000Z',
  updated_at: '2027-01-15T08:12:00.000000Z',
};

@ApiTags('Property')
@PartnerApi(...PROPERTY_PRODUCTS)
@Controller('api/v1/property/policies')
export class PropertyClaimsController {
  constructor(
    private readonly intake: ProductClaimIntake,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private readonly spec: ClaimIntakeSpec = { family: 'property', claimTypes: PROPERTY_CLAIM_TYPES };

  @Post(':propertyPolicy/claims')
  @ClaimIntakeRoute({
    summary: 'Start a claim',
    claimTypes: PROPERTY_CLAIM_TYPES,
    rules: 'The cover runs from the start date to before the end date or the cancellation day.',
    example: CLAIM_EXAMPLE,
  })
  async create(@CurrentPartner() partner: Partner, @Param({ schema: policyParam }) p: z.infer<typeof policyParam>, @UploadedDocuments() upload: DocumentUpload) {
    return this.intake.open(this.spec, partner.clientId, p.propertyPolicy, upload);
  }

  @Get(':propertyPolicy/claims')
  @ApiOperation({ summary: 'List the claims of a property policy', description: 'Newest first, in the paginator envelope.' })
  @ApiOkResponse({ description: 'A page of claims.' })
  @ApiErrors(404, 422)
  async list(@CurrentPartner() partner: Partner, @Param({ schema: policyParam }) p: z.infer<typeof policyParam>, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Req() req: FastifyRequest) {
    return this.intake.list('property', partner.clientId, p.propertyPolicy, q, absoluteUrl(this.config.publicBaseUrl, req));
  }

  @Get(':propertyPolicy/claims/:claim')
  @ApiOperation({ summary: 'Show a claim' })
  @ApiOkResponse({ description: 'The claim.', schema: { type: 'object', example: CLAIM_EXAMPLE } })
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: claimParam }) p: z.infer<typeof claimParam>) {
    return this.intake.show('property', partner.clientId, p.propertyPolicy, p.claim);
  }
}
