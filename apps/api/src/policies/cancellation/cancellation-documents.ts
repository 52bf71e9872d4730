import { ApiError } from '@lib/common';
import type { FileStore, SavedFile } from '../../platform/files/file-store';
import { inspectCancellationDocument } from './cancellation-document';
import { CANCELLATION_PART, type CancellationUpload } from './cancellation-upload.guard';

/**
 * Checks the optional document of a cancellation by content and stores it under `kind`; null when none
 * was sent. A refused document is a 422 on `cancellation_document`. The caller discards the file if its
 * cancellation then fails.
 */
export async function storeCancellationDocument(files: FileStore, clientId: string, kind: string, upload: CancellationUpload): Promise<SavedFile | null> {
  const doc = upload.document;
  if (doc?.tooLarge) throw ApiError.field(CANCELLATION_PART, 'The cancellation document must be at most 5 MB.');
  if (!doc?.bytes) return null;
  const verdict = await inspectCancellationDocument(doc.bytes);
  if (!verdict.ok) throw ApiError.field(CANCELLATION_PART, `The cancellation document ${verdict.problem}.`);
  return files.save({ clientId, kind, contentType: verdict.contentType, bytes: doc.bytes });
}
