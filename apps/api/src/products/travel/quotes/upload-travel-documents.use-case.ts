import { Injectable } from '@nestjs/common';
import { ApiError, Clock, formatDateTime, type ErrorDetails } from '@lib/common';
import { FileStore, type SavedFile } from '../../../platform/files/file-store';
import { inspectDocument } from '../../../platform/files/documents/document-content';
import type { DocumentUpload } from '../../../platform/files/documents/document-upload.guard';
import { TestClocks } from '../../../platform/test-clocks/test-clocks';
import { TravelQuoteRepository } from './travel-quote.repository';
import { clockedTravelQuote } from './travel-quote.clock';
import type { TravelDocumentsUploadedOut } from '../travel.response';

export const TRAVEL_DOCUMENT_PARTS = ['id_document', 'passport_document'] as const;

/**
 * The main applicant's id and passport, sent once per quote before purchase (optional). Both parts are
 * required, each a JPEG, PNG or PDF judged by content; a second upload is the real service's 400 40018.
 */
@Injectable()
export class UploadTravelDocumentsUseCase {
  constructor(
    private readonly quotes: TravelQuoteRepository,
    private readonly files: FileStore,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
  ) {}

  async execute(clientId: string, upload: DocumentUpload): Promise<TravelDocumentsUploadedOut> {
    const details: ErrorDetails = {};
    for (const name of upload.unexpected) details[name] = [`The ${name} part is not allowed.`];
    const quoteId = upload.fields.quote_id?.trim();
    if (!quoteId) details.quote_id = ['The quote id field cannot be empty.'];
    const parts = TRAVEL_DOCUMENT_PARTS.map((field) => {
      const sent = upload.files.filter((f) => f.field === field);
      const label = field.replace('_', ' ');
      if (!sent.length) details[field] = [`The ${label} must be a file.`];
      else if (sent.length > 1) details[field] = [`Send one ${label}.`];
      return { field, file: sent[0] };
    });
    if (Object.keys(details).length) throw ApiError.validation(details);
    const quote = await this.quotes.findForClient(clientId, quoteId!);
    if (!quote) throw ApiError.field('quote_id', 'The selected quote id is invalid.');
    if (quote.documentsUploadedAt) throw new ApiError('TRAVEL_DOCUMENTS_UPLOADED');
    await this.testClocks.adopt(clockedTravelQuote(quote.quoteId), clientId);

    const verdicts = await Promise.all(
      parts.map((p) =>
        p.file.bytes
          ? inspectDocument(p.file.bytes)
          : Promise.resolve({ ok: false as const, problem: 'is larger than the limit (3 MB for images, 5 MB for PDFs)' }),
      ),
    );
    verdicts.forEach((v, i) => {
      if (!v.ok) details[parts[i].field] = [`The ${parts[i].field.replace('_', ' ')} ${v.problem}.`];
    });
    if (Object.keys(details).length) throw ApiError.validation(details);

    const saved: SavedFile[] = [];
    try {
      for (const [i, p] of parts.entries()) {
        const v = verdicts[i];
        if (v.ok)
          saved.push(await this.files.save({ clientId, kind: `travel-${p.field.replace('_', '-')}`, contentType: v.contentType, bytes: p.file.bytes! }));
      }
      const now = this.clock.now();
      if (!(await this.quotes.attachDocuments(quote.id, { idDocumentFileId: saved[0].id, passportDocumentFileId: saved[1].id }, now))) {
        throw new ApiError('TRAVEL_DOCUMENTS_UPLOADED');
      }
      return { quote_id: quote.quoteId, documents_uploaded: true, uploaded_at: formatDateTime(now) };
    } catch (err) {
      await this.files.discard(saved);
      throw err;
    }
  }
}
