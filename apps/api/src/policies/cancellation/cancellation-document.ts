import type { StoredContentType } from '../../platform/files/file-store';
import { inspectPhoto } from '../../platform/files/photo-content';

/** At most 5 MB: a scanned letter or a phone photo of one. */
export const MAX_CANCELLATION_DOCUMENT_BYTES = 5 * 1024 * 1024;

export type DocumentVerdict = { ok: true; contentType: StoredContentType } | { ok: false; problem: string };

/**
 * A PDF or a JPEG/PNG, judged by content: a PDF must start with the `%PDF-1.x` header and end with the
 * `%%EOF` trailer (a truncated upload loses it); images go through the photo decoder. Name and declared
 * type are never consulted. `problem` completes "The cancellation document ...".
 */
export async function inspectCancellationDocument(bytes: Buffer): Promise<DocumentVerdict> {
  if (bytes.length === 0) return { ok: false, problem: 'is empty' };
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    if (!/^%PDF-[12]\.\d/.test(bytes.subarray(0, 8).toString('latin1'))) return { ok: false, problem: 'is not a readable PDF' };
    const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
    if (!tail.includes('%%EOF')) return { ok: false, problem: 'is a damaged or truncated PDF' };
    return { ok: true, contentType: 'application/pdf' };
  }
  const photo = await inspectPhoto(bytes);
  if (photo.ok) return photo;
  return { ok: false, problem: photo.problem === 'must be a JPEG or PNG image' ? 'must be a PDF, JPEG or PNG file' : photo.problem };
}
