import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiResponse } from '@nestjs/swagger';
import { AcceptsMultipart } from '../../platform/files/multipart';
import { ApiErrors } from '../../platform/openapi/api-errors.decorator';
import { serializeWith, shapeRef } from '../../platform/openapi/responds.decorator';
import { partnerClaimShape } from '../claims/claim.response';
import { ClaimUploadGuard, DEFAULT_CLAIM_TYPE, MAX_CLAIM_DOCUMENTS } from './product-claim-intake';

/** The documents part of every claim route's description. */
export const CLAIM_DOCUMENTS_DOC = `0 to ${MAX_CLAIM_DOCUMENTS} supporting files in \`documents\` (or \`supporting_document\`): JPEG or PNG up to 3 MB or PDF up to 5 MB, checked by content.`;

export const CLAIM_STATUSES_DOC =
  'The claim starts `submitted`; claims handlers (console) move it to `under_review`, then `approved` (possibly for less) or `rejected` (with a note), and an approved claim to `paid`. ' +
  "`status` is that string (the claims core's statuses, shared by every product); `claim_status` is the real service's integer for it " +
  '(0 submitted, 1 under review, 2 approved, 3 rejected, 4 paid), and `claim_id` repeats `id`, so clients written against either work. ' +
  '`requested_amount` answers as a decimal string with two places (`"1500.00"`), as the real service documents it; `approved_amount` and `paid_amount` are numbers, or null until decided and paid.';

export interface ClaimRouteDoc {
  summary: string;
  claimTypes: readonly string[];
  /** What is particular to the product: the cover window, amount limits, rate limit. */
  rules: string;
  /** The family's claim, shown beside the one `PartnerClaim` shape. */
  example: object;
}

/**
 * Answers a partner claim (`PartnerClaim`, served by its serializer) with the family's own example: one shape for
 * every family, the example in each family's words.
 */
export function RespondsClaim(status: number, description: string, example: object): MethodDecorator {
  return applyDecorators(ApiResponse({ status, description, schema: shapeRef(partnerClaimShape), example }), serializeWith(status, partnerClaimShape));
}

/**
 * A product's "open a claim" route: multipart read by the shared claim guard, and one OpenAPI
 * description of the fields, documents and statuses, with the product's claim types and rules.
 */
export function ClaimIntakeRoute(doc: ClaimRouteDoc) {
  return applyDecorators(
    AcceptsMultipart(),
    UseGuards(ClaimUploadGuard),
    ApiOperation({
      summary: doc.summary,
      description:
        `multipart/form-data: \`claim_type\` (${doc.claimTypes.join(', ')}${doc.claimTypes.includes(DEFAULT_CLAIM_TYPE) ? '; `other` when left out' : ''}), ` +
        `\`incident_date\` (YYYY-MM-DD, not in the future, within the cover; \`event_date\` is the same field under the real service's name; the filing day when neither is sent), ` +
        `\`description\` (at most 2000 characters), \`requested_amount\` (SAR, at most 2 decimals) and ${CLAIM_DOCUMENTS_DOC} ` +
        `${doc.rules} Only a paid policy has cover. ${CLAIM_STATUSES_DOC}`,
    }),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: doc.claimTypes.includes(DEFAULT_CLAIM_TYPE) ? ['description', 'requested_amount'] : ['claim_type', 'description', 'requested_amount'],
        properties: {
          claim_type: { type: 'string', enum: [...doc.claimTypes] },
          incident_date: { type: 'string', format: 'date' },
          event_date: { type: 'string', format: 'date', description: "The real service's name of `incident_date`." },
          description: { type: 'string', maxLength: 2000 },
          requested_amount: { type: 'string', example: '4200.00' },
          documents: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: MAX_CLAIM_DOCUMENTS },
        },
      },
    }),
    RespondsClaim(201, 'The claim.', doc.example),
    ApiErrors(404, 413, 415, 422),
  );
}
