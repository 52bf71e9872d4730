import { Controller, Get, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { amountField, ApiError, intId, pageQueryShape, pageSkip, toPage, validationError, z } from '@lib/common';
import { gregorianDateField } from '@lib/common/saudi';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { RateLimit } from '@lib/http';
import { CurrentPartner, PartnerApi } from '../../auth/partner-api.decorator';
import type { Partner } from '../../auth/partner';
import { presentClaim } from '../../claims/claim.presenter';
import { ClaimRepository } from '../../claims/claim.repository';
import { ClaimDocument, ClaimsService } from '../../claims/claims.service';
import { FileStore } from '../../files/file-store';
import { AcceptsMultipart } from '../../files/multipart';
import { absoluteUrl } from '../../http/absolute-url';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { DocumentFiles } from '../../property/uploads/document-files';
import { DocumentUpload, DocumentUploadGuard, UploadedDocuments } from '../../property/uploads/document-upload.guard';
import { TPL_PRODUCT } from '../tpl-provider.token';
import { TPL_CLAIM_FAMILY, TPL_CLAIM_TYPES } from './tpl-claim-policies';

const MAX_CLAIM_DOCUMENTS = 5;
const FIELDS = ['claim_type', 'incident_date', 'description', 'requested_amount'] as const;

const UploadGuard = DocumentUploadGuard({
  fileFields: ['documents'],
  fields: FIELDS,
  maxFiles: MAX_CLAIM_DOCUMENTS,
  describe: `the fields ${FIELDS.join(', ')} and 0 to ${MAX_CLAIM_DOCUMENTS} files in \`documents\``,
});

const claimFields = z.strictObject({
  claim_type: z.enum(TPL_CLAIM_TYPES, { error: `The claim type must be one of: ${TPL_CLAIM_TYPES.join(', ')}.` }),
  incident_date: gregorianDateField('incident date'),
  description: z.string({ error: 'The description field is required.' }).trim().min(1, 'The description field is required.').max(2000, 'The description may not be greater than 2000 characters.'),
  requested_amount: amountField('requested amount'),
});

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
    private readonly claimsService: ClaimsService,
    private readonly claims: ClaimRepository,
    private readonly documents: DocumentFiles,
    private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private fileUrl = (d: ClaimDocument) => this.files.urlOf({ id: d.file_id, contentType: d.content_type });

  @Post(':policy/claims')
  @RateLimit('POST /car/policies/{policy}/claims')
  @AcceptsMultipart()
  @UseGuards(UploadGuard)
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
      required: [...FIELDS],
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
    await this.claimsService.policyFor(TPL_CLAIM_FAMILY, p.policy, partner.clientId);
    if (upload.unexpected.length) throw ApiError.validation(Object.fromEntries(upload.unexpected.map((n) => [n, [`The ${n} part is not allowed.`]])));
    const parsed = claimFields.safeParse(upload.fields);
    if (!parsed.success) throw validationError(parsed.error.issues);
    const saved = await this.documents.checkAndSave({ clientId: partner.clientId, kind: 'claim-document/tpl', field: 'documents', files: upload.files, min: 0, max: MAX_CLAIM_DOCUMENTS });
    try {
      const claim = await this.claimsService.open({
        productFamily: TPL_CLAIM_FAMILY,
        policyId: p.policy,
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

  @Get(':policy/claims')
  @ApiOperation({ summary: 'List the claims of a TPL policy', description: 'Newest first, in the paginator envelope.' })
  @ApiOkResponse({ description: 'A page of claims.' })
  @ApiErrors(404, 422)
  async list(@CurrentPartner() partner: Partner, @Param({ schema: policyParam }) p: z.infer<typeof policyParam>, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Req() req: FastifyRequest) {
    await this.claimsService.policyFor(TPL_CLAIM_FAMILY, p.policy, partner.clientId);
    const [rows, total] = await this.claims.page({ productFamily: TPL_CLAIM_FAMILY, policyId: p.policy, clientId: partner.clientId }, pageSkip(q), q.per_page);
    const history = await this.claims.history(rows.map((r) => r.id));
    return toPage(rows.map((r) => presentClaim(r, history, this.fileUrl)), total, q, absoluteUrl(this.config.publicBaseUrl, req), { per_page: q.per_page });
  }

  @Get(':policy/claims/:claim')
  @RateLimit('GET /car/policies/{policy}/claims/{claim}')
  @ApiOperation({ summary: 'Show a car claim', description: 'Rate limit: 120 per minute.' })
  @ApiOkResponse({ description: 'The claim.', schema: { type: 'object', example: CLAIM_EXAMPLE } })
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: claimParam }) p: z.infer<typeof claimParam>) {
    const claim = await this.claims.findOne({ id: p.claim, productFamily: TPL_CLAIM_FAMILY, policyId: p.policy, clientId: partner.clientId });
    if (!claim) throw ApiError.notFound('No claim with this id on this policy.');
    return presentClaim(claim, await this.claims.history([claim.id]), this.fileUrl);
  }
}
