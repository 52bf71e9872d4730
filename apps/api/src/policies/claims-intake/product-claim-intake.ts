import { Injectable } from '@nestjs/common';
import { amountField, ApiError, Clock, crossFieldRules, formatDate, pageSkip, toPage, validationError, z } from '@lib/common';
import { gregorianDateField } from '@lib/common/saudi';
import { presentClaim } from '../claims/claim.presenter';
import { ClaimRepository } from '../claims/claim.repository';
import { ClaimDocument, ClaimsService } from '../claims/claims.service';
import { FileStore } from '../../platform/files/file-store';
import { DocumentFiles } from '../../platform/files/documents/document-files';
import { DocumentUploadGuard, type DocumentUpload } from '../../platform/files/documents/document-upload.guard';

export const MAX_CLAIM_DOCUMENTS = 5;
/** Our fields, and `event_date`: the real service's life claims name the incident date so. */
export const CLAIM_FIELDS = ['claim_type', 'incident_date', 'event_date', 'description', 'requested_amount'] as const;
/** What a claim is filed as when no type is sent (the real service's property, horse and medical claims have none). */
export const DEFAULT_CLAIM_TYPE = 'other';

/** The multipart reader of a claim: the four fields and 0–5 files in `documents` (or `supporting_document`, the real service's name). */
export const ClaimUploadGuard = DocumentUploadGuard({
  fileFields: ['documents', 'supporting_document'],
  fields: CLAIM_FIELDS,
  maxFiles: MAX_CLAIM_DOCUMENTS,
  describe: `the fields ${CLAIM_FIELDS.join(', ')} and 0 to ${MAX_CLAIM_DOCUMENTS} files in \`documents\` (or \`supporting_document\`)`,
});

/** A family's claim route: its claim types (the claims core checks them again, with the amount ceilings the family registered). */
export interface ClaimIntakeSpec {
  family: string;
  claimTypes: readonly string[];
}

type PageQuery = { page: number; per_page: number };

/**
 * A partner's claim on a policy of any family (property, TPL, medical, life, horse), handed to the claims
 * core (which owns statuses, cover dates and the console inbox): one multipart contract and documents check.
 */
@Injectable()
export class ProductClaimIntake {
  constructor(
    private readonly claimsService: ClaimsService,
    private readonly claims: ClaimRepository,
    private readonly documents: DocumentFiles,
    private readonly files: FileStore,
    private readonly clock: Clock,
  ) {}

  private fileUrl = (d: ClaimDocument) => this.files.urlOf({ id: d.file_id, contentType: d.content_type });

  async open(spec: ClaimIntakeSpec, clientId: string, policyId: number, upload: DocumentUpload) {
    await this.claimsService.policyFor(spec.family, policyId, clientId);
    if (upload.unexpected.length) throw ApiError.validation(Object.fromEntries(upload.unexpected.map((n) => [n, [`The ${n} part is not allowed.`]])));
    const parsed = this.schemaFor(spec).safeParse(upload.fields);
    if (!parsed.success) throw validationError(parsed.error.issues);
    const saved = await this.documents.checkAndSave({
      clientId,
      kind: `claim-document/${spec.family}`,
      field: 'documents',
      files: upload.files,
      min: 0,
      max: MAX_CLAIM_DOCUMENTS,
    });
    try {
      const claim = await this.claimsService.open({
        productFamily: spec.family,
        policyId,
        clientId,
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

  /**
   * The claim fields, read the way clients of either contract send them: `event_date` for `incident_date`
   * (the filing day when neither is sent), no `claim_type` when the family has `other`.
   */
  private schemaFor(spec: ClaimIntakeSpec) {
    const known = spec.claimTypes;
    const optionalType = spec.claimTypes.includes(DEFAULT_CLAIM_TYPE);
    const typeField = z.enum(known as [string, ...string[]], { error: `The claim type must be one of: ${known.join(', ')}.` });
    return z
      .strictObject({
        claim_type: optionalType ? typeField.default(DEFAULT_CLAIM_TYPE) : typeField,
        incident_date: gregorianDateField('incident date').optional(),
        event_date: gregorianDateField('event date').optional(),
        description: z
          .string({ error: 'The description field is required.' })
          .trim()
          .min(1, 'The description field is required.')
          .max(2000, 'The description may not be greater than 2000 characters.'),
        requested_amount: amountField('requested amount'),
      })
      .superRefine(
        ...crossFieldRules<{ incident_date?: string; event_date?: string }>((c, ctx, fine) => {
          if (fine('incident_date', 'event_date') && c.incident_date && c.event_date && c.incident_date !== c.event_date)
            ctx.addIssue({ code: 'custom', path: ['event_date'], message: 'The event date must equal the incident date when both are sent.' });
        }),
      )
      .transform((c) => ({
        claim_type: c.claim_type,
        incident_date: c.incident_date ?? c.event_date ?? formatDate(this.clock.now()),
        description: c.description,
        requested_amount: c.requested_amount,
      }));
  }

  /** A policy's claims, newest first, in the paginator envelope (404 for another client's policy). */
  async list(family: string, clientId: string, policyId: number, q: PageQuery, pageUrl: string) {
    await this.claimsService.policyFor(family, policyId, clientId);
    const [rows, total] = await this.claims.page({ productFamily: family, policyId, clientId }, pageSkip(q), q.per_page);
    const history = await this.claims.history(rows.map((r) => r.id));
    return toPage(
      rows.map((r) => presentClaim(r, history, this.fileUrl)),
      total,
      q,
      pageUrl,
      { per_page: q.per_page },
    );
  }

  async show(family: string, clientId: string, policyId: number, claimId: number) {
    const claim = await this.claims.findOne({ id: claimId, productFamily: family, policyId, clientId });
    if (!claim) throw ApiError.notFound('No claim with this id on this policy.');
    return presentClaim(claim, await this.claims.history([claim.id]), this.fileUrl);
  }
}
