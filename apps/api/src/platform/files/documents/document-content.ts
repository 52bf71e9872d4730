import { inspectPhoto } from '../photo-content';
import type { StoredContentType } from '../file-store';

/** Photos (JPEG or PNG) at most 3 MB, as vehicle photos; PDFs at most 5 MB. */
export const MAX_IMAGE_BYTES = 3 * 1024 * 1024;
export const MAX_PDF_BYTES = 5 * 1024 * 1024;
/** What busboy may hold per file: one byte over the largest limit, so a cut file is known to be too large. */
export const MAX_DOCUMENT_BYTES = MAX_PDF_BYTES;

const PDF_MAGIC = Buffer.from('%PDF-');
const PDF_END = Buffer.from('%%EOF');

export type DocumentVerdict = { ok: true; contentType: StoredContentType } | { ok: false; problem: string };

/**
 * Decides by content alone what a document is: a readable JPEG or PNG (decoded in full by the photo check),
 * or a PDF with its header and its end-of-file marker (a truncated upload lacks the latter). The file name
 * and declared type are never consulted. `problem` completes "The document ...".
 */
export async function inspectDocument(bytes: Buffer): Promise<DocumentVerdict> {
  if (bytes.length === 0) return { ok: false, problem: 'is empty' };
  if (bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    if (bytes.length > MAX_PDF_BYTES) return { ok: false, problem: `may not be larger than ${MAX_PDF_BYTES / 1024 / 1024} MB (PDF)` };
    if (bytes.subarray(Math.max(0, bytes.length - 1024)).lastIndexOf(PDF_END) < 0) return { ok: false, problem: 'is a damaged or truncated PDF' };
    return { ok: true, contentType: 'application/pdf' };
  }
  if (bytes.length > MAX_IMAGE_BYTES) return { ok: false, problem: `may not be larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB (image)` };
  const photo = await inspectPhoto(bytes);
  if (!photo.ok) return { ok: false, problem: photo.problem === 'must be a JPEG or PNG image' ? 'must be a JPEG or PNG image or a PDF' : photo.problem };
  return photo;
}
