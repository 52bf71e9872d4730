import { Controller, Get, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { intId, z } from '@lib/common';
import { CurrentPartner, PartnerApi } from '../../auth/partner-api.decorator';
import type { Partner } from '../../auth/partner';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { UploadedDocuments, type DocumentUpload } from '../../files/documents/document-upload.guard';
import { ProductClaimIntake } from '../../claims-intake/product-claim-intake';
import { LIFE_PRODUCTS } from '../life-products';
import { LIFE_CLAIM_TYPES, LifeClaimPolicies } from './life-claim-policies';
import { ClaimIntakeRoute } from '../../claims-intake/claim-intake.route';

const policyParam = z.strictObject({ policyId: intId });
const claimParam = z.strictObject({ policyId: intId, claim: intId });

const CLAIM_EXAMPLE = {
  id: 9,
  policy_id: 12,
  claim_type: 'critical_illness',
  incident_date: '2027-03-02',
  description: 'Diagnosed with a covered critical illness.',
  requested_amount: 120000,
  approved_amount: null,
  paid_amount: null,
  status: 'submitted',
  claim_status: 0,
  documents: [{ url: 'http://localhost:3000/files/0b6f3c2e-7d1a-4c55-9a0e-1e4d5c6b7a80.pdf', content_type: 'application/pdf', size: 48211 }],
  status_history: [{ status: 'submitted', at: '2027-03-05T08:12:00.000000Z' }],
  created_at: '2027-03-05T08:12:00.000000Z',
  updated_at: '2027-03-05T08:12:00.000000Z',
};

@ApiTags('Life savings and protection')
@PartnerApi(...LIFE_PRODUCTS)
@Controller('api/v1/life-snp/policies')
export class LifeClaimsController {
  constructor(
    private readonly intake: ProductClaimIntake,
    private readonly spec: LifeClaimPolicies,
  ) {}

  @Post(':policyId/claims')
  @ClaimIntakeRoute({
    summary: 'Submit a life claim',
    claimTypes: [...LIFE_CLAIM_TYPES, 'total_permanent_disability'],
    rules: '`disability` is the real service\'s `total_permanent_disability`. The cover runs from the start date to the end date, or to before the cancellation day; `requested_amount` is at most the policy\'s benefit of that type. Answers with `id` and the amounts as numbers, like property claims (the real service\'s `claim_id` is not used).',
    example: CLAIM_EXAMPLE,
  })
  create(@CurrentPartner() partner: Partner, @Param({ schema: policyParam }) p: z.infer<typeof policyParam>, @UploadedDocuments() upload: DocumentUpload) {
    return this.intake.open(this.spec, partner.clientId, p.policyId, upload);
  }

  @Get(':policyId/claims/:claim')
  @ApiOperation({ summary: 'Show a life claim', description: 'With its current `status` (and the integer `claim_status`) and `status_history`.' })
  @ApiOkResponse({ description: 'The claim.', schema: { type: 'object', example: CLAIM_EXAMPLE } })
  @ApiErrors(404)
  show(@CurrentPartner() partner: Partner, @Param({ schema: claimParam }) p: z.infer<typeof claimParam>) {
    return this.intake.show('life', partner.clientId, p.policyId, p.claim);
  }
}
