import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, Clock, z } from '@lib/common';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { AcceptsMultipart } from '../../../platform/files/multipart';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { propertyPolicyParam } from '../policies/property-policies.controller';
import { propertyPolicyShape } from '../policies/property-policy.response';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { PropertyPolicyViews } from '../policies/property-policy-views';
import { PropertyPolicyRepository } from '../policies/property-policy.repository';
import { PROPERTY_PRODUCTS } from '../property-products';
import { DocumentFiles } from '../../../platform/files/documents/document-files';
import { DocumentUpload, DocumentUploadGuard, UploadedDocuments } from '../../../platform/files/documents/document-upload.guard';
import { DOCUMENT_CATEGORIES, PropertyDocumentRepository } from './property-document.repository';
import { PolicyStatus } from '../../../policies/policy-status';

/** The real service's upload has no category: such documents are filed as `other`. */
const DEFAULT_CATEGORY = 'other';
const MAX_PER_UPLOAD = 5;
const MAX_PER_POLICY = 30;

const UploadGuard = DocumentUploadGuard({
  fileFields: ['documents', 'document'],
  fields: ['category'],
  maxFiles: MAX_PER_UPLOAD,
  describe: `an optional \`category\` field (${DOCUMENT_CATEGORIES.join(', ')}) and 1 to ${MAX_PER_UPLOAD} files in \`documents\` (or \`document\`)`,
});

@ApiTags('Property')
@PartnerApi(...PROPERTY_PRODUCTS)
@Controller('api/v1/property/policies')
export class PropertyDocumentsController {
  constructor(
    private readonly policies: PropertyPolicyRepository,
    private readonly views: PropertyPolicyViews,
    private readonly documents: DocumentFiles,
    private readonly documentRows: PropertyDocumentRepository,
    private readonly clock: Clock,
  ) {}

  @Post(':propertyPolicy/documents')
  @HttpCode(200)
  @AcceptsMultipart()
  @UseGuards(UploadGuard)
  @ApiOperation({
    summary: 'Upload property documents',
    description:
      `multipart/form-data: \`category\` — \`home\` (photos of the home), \`valuables\` (photos of valuables), \`surroundings\` or \`other\`; optional, ` +
      `\`other\` when left out, as the real service's single \`document\` upload has none — and 1 to ${MAX_PER_UPLOAD} ` +
      "files in the part `documents` (repeat it; `document`, the real service's name, works too). Each file is a JPEG or PNG photo of at most 3 MB or a PDF " +
      'of at most 5 MB, judged by its content (name and declared type are ignored; damaged or truncated files are refused, each named in the 422 as ' +
      `\`documents.<n>\`). At most ${MAX_PER_POLICY} documents per policy; none on a cancelled policy (400). Answers the policy with the documents in ` +
      '`meta_data.documents`, each with an absolute URL, downloaded with the bearer token (another client gets 404).',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['documents'],
      properties: {
        category: { type: 'string', enum: [...DOCUMENT_CATEGORIES] },
        documents: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: MAX_PER_UPLOAD },
      },
    },
  })
  @Responds(200, propertyPolicyShape, 'The property policy object.')
  @ApiErrors(400, 404, 413, 415, 422)
  async upload(
    @CurrentPartner() partner: Partner,
    @Param({ schema: propertyPolicyParam }) p: z.infer<typeof propertyPolicyParam>,
    @UploadedDocuments() upload: DocumentUpload,
  ) {
    const policy = await this.policies.findForClient(partner.clientId, p.propertyPolicy);
    if (!policy) throw ApiError.notFound('No property policy with this id.');
    if (policy.status === PolicyStatus.Cancelled) throw new ApiError('ALREADY_CANCELED', 'The policy is cancelled: no more documents can be added.');
    if (upload.unexpected.length) throw ApiError.validation(Object.fromEntries(upload.unexpected.map((n) => [n, [`The ${n} part is not allowed.`]])));
    const category = upload.fields.category || DEFAULT_CATEGORY;
    if (!(DOCUMENT_CATEGORIES as readonly string[]).includes(category))
      throw ApiError.field('category', `The category must be one of: ${DOCUMENT_CATEGORIES.join(', ')}.`);
    const existing = await this.documentRows.countFor(policy.id);
    if (existing + upload.files.length > MAX_PER_POLICY)
      throw ApiError.field('documents', `A policy holds at most ${MAX_PER_POLICY} documents (it has ${existing}).`);

    const saved = await this.documents.checkAndSave({
      clientId: partner.clientId,
      kind: `property-document/${category}`,
      field: 'documents',
      files: upload.files,
      min: 1,
      max: MAX_PER_UPLOAD,
    });
    const now = this.clock.now();
    try {
      await this.documentRows.addAll(
        saved.map((f) => ({
          clientId: partner.clientId,
          policyId: policy.id,
          category,
          fileId: f.id,
          contentType: f.contentType,
          size: f.size,
          createdAt: now,
        })),
      );
    } catch (err) {
      await this.documents.discard(saved);
      throw err;
    }
    return this.views.load(policy);
  }
}
