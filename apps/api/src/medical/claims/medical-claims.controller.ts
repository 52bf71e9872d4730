import { Controller, Get, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { Inject } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { amountField, ApiError, intId, pageQueryShape, pageSkip, toPage, validationError, z } from '@lib/common';
import { gregorianDateField } from '@lib/common/saudi';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { CurrentPartner, PartnerApi } from '../../auth/partner-api.decorator';
import type { Partner } from '../../auth/partner';
import { presentClaim } from '../../claims/claim.presenter';
import { ClaimRepository } from '../../claims/claim.repository';
import { ClaimDocument, ClaimsService } from '../../claims/claims.service';
import { FileStore } from '../../files/file-store';
import { AcceptsMultipart } from '../../files/multipart';
import { absoluteUrl } from '../../http/absolute-url';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { RateLimit } from '@lib/http';
import { MEDICAL_API, MEDICAL_PRODUCT } from '../medical-products';
import { DocumentFiles } from '../../property/uploads/document-files';
import { DocumentUpload, DocumentUploadGuard, UploadedDocuments } from '../../property/uploads/document-upload.guard';
import { MEDICAL_CLAIM_TYPES } from './medical-claim-policies';

const MAX_CLAIM_DOCUMENTS = 5;
const FIELDS = ['claim_type', 'incident_date', 'description', 'requested_amount'] as const;

const UploadGuard = DocumentUploadGuard({
  fileFields: ['documents', 'supporting_document'],
  fields: FIELDS,
  maxFiles: MAX_CLAIM_DOCUMENTS,
  describe: `the fields ${FIELDS.join(', ')} and 0 to ${MAX_CLAIM_DOCUMENTS} files in \`documents\` (or \`supporting_document\`)`,
});

const claimFields = z.strictObject({
  claim_type: z.enum(MEDICAL_CLAIM_TYPES, { error: `The claim type must be one of: ${MEDICAL_CLAIM_TYPES.join(', ')}.` }),
  incident_date: gregorianDateField('incident date'),
  description: z.string({ error: 'The description field is required.' }).trim().min(1, 'The description field is required.').max(2000, 'The description may not be greater than 2000 characters.'),
  requested_amount: amountField('requested amount'),
});

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
  claim_status: 'submitted',
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
    private readonly claimsService: ClaimsService,
    private readonly claims: ClaimRepository,
    private readonly documents: DocumentFiles,
    private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private fileUrl = (d: ClaimDocument) => this.files.urlOf({ id: d.file_id, contentType: d.content_type });

  @Post(':policyId/claims')
  @RateLimit('POST /medical/policies/{policy}/claims')
  @AcceptsMultipart()
  @UseGuards(UploadGuard)
  @ApiOperation({
    summary: 'Start a claim',
    description:
      `multipart/form-data: \`claim_type\` (${MEDICAL_CLAIM_TYPES.join(', ')}), \`incident_date\` (YYYY-MM-DD, not in the future, within the cover: a year from the day ` +
      'the policy was paid and issued, ending early on the cancellation day), `description` (at most 2000 characters), `requested_amount` (SAR, at most 2 decimals) and 0 to ' +
      `${MAX_CLAIM_DOCUMENTS} supporting files in \`documents\` (or \`supporting_document\`): JPEG or PNG up to 3 MB or PDF up to 5 MB, checked by content. ` +
      'Name the insured member (employee or dependent, with their id) in `description`. Only a paid policy has cover. Rate limit: 30 per minute. The claim starts `submitted`; claims handlers move it to `under_review`, then `approved` or `rejected`, and an approved claim to `paid`.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: [...FIELDS],
      properties: {
        claim_type: { type: 'string', enum: [...MEDICAL_CLAIM_TYPES] },
        incident_date: { type: 'string', format: 'date' },
        description: { type: 'string', maxLength: 2000 },
        requested_amount: { type: 'string', example: '4200.00' },
        documents: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: MAX_CLAIM_DOCUMENTS },
      },
    },
  })
  @ApiCreatedResponse({ description: 'The claim.', schema: { type: 'object', example: CLAIM_EXAMPLE } })
  @ApiErrors(404, 413, 415, 422)
  async create(@CurrentPartner() partner: Partner, @Param({ schema: policyParam }) p: z.infer<typeof policyParam>, @UploadedDocuments() upload: DocumentUpload) {
    // the policy first: another client's policy is 404 whatever the body holds
    await this.claimsService.policyFor('medical', p.policyId, partner.clientId);
    if (upload.unexpected.length) throw ApiError.validation(Object.fromEntries(upload.unexpected.map((n) => [n, [`The ${n} part is not allowed.`]])));
    const parsed = claimFields.safeParse(upload.fields);
    if (!parsed.success) throw validationError(parsed.error.issues);
    const saved = await this.documents.checkAndSave({ clientId: partner.clientId, kind: 'claim-document/medical', field: 'documents', files: upload.files, min: 0, max: MAX_CLAIM_DOCUMENTS });
    try {
      const claim = await this.claimsService.open({
        productFamily: 'medical',
        policyId: p.policyId,
        clientId: partner.clientId,
        claimType: parsed.data.claim_type,
        incidentDate: parsed.data.incident_date,
        description: parsed.data.description,
        requestedAmount: parsed.data.requested_amount,
        documents: saved.map((f) => ({ file_id: f.id, content_type: f.contentType, size: f.size })),
        actor: 'client',
      });
      return presentClaim(claim, await this.claims.history([claim.id]), this.fileUrl);
    } catch (err) {
      await this.documents.discard(saved);
      throw err;
    }
  }

  @Get(':policyId/claims')
  @ApiOperation({ summary: 'List the claims of a medical policy', description: 'Newest first, in the paginator envelope.' })
  @ApiOkResponse({ description: 'A page of claims.' })
  @ApiErrors(404, 422)
  async list(@CurrentPartner() partner: Partner, @Param({ schema: policyParam }) p: z.infer<typeof policyParam>, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Req() req: FastifyRequest) {
    await this.claimsService.policyFor('medical', p.policyId, partner.clientId);
    const [rows, total] = await this.claims.page({ productFamily: 'medical', policyId: p.policyId, clientId: partner.clientId }, pageSkip(q), q.per_page);
    const history = await this.claims.history(rows.map((r) => r.id));
    return toPage(rows.map((r) => presentClaim(r, history, this.fileUrl)), total, q, absoluteUrl(this.config.publicBaseUrl, req), { per_page: q.per_page });
  }

  @Get(':policyId/claims/:claim')
  @RateLimit('GET /medical/policies/{policy}/claims/{claim}')
  @ApiOperation({ summary: 'Show a medical claim', description: 'Rate limit: 120 per minute.' })
  @ApiOkResponse({ description: 'The claim.', schema: { type: 'object', example: CLAIM_EXAMPLE } })
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: claimParam }) p: z.infer<typeof claimParam>) {
    const claim = await this.claims.findOne({ id: p.claim, productFamily: 'medical', policyId: p.policyId, clientId: partner.clientId });
    if (!claim) throw ApiError.notFound('No claim with this id on this policy.');
    return presentClaim(claim, await this.claims.history([claim.id]), this.fileUrl);
  }
}
