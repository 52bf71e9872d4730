import type { StoredContentType } from '../../../platform/files/file-store';
import { inspectPhoto } from '../../../platform/files/photo-content';

/** The istimarah and the cancellation document: at most 10 MB (the real service's limit). */
export const MAX_VEHICLE_DOCUMENT_BYTES = 10 * 1024 * 1024;

const PDF_MAGIC = Buffer.from('%PDF-1.', 'latin1');
const PDF_EOF = Buffer.from('%%EOF', 'latin1');
const PDF_OBJ = /\d+\s+\d+\s+obj\b/;

export type DocumentVerdict = { ok: true; contentType: StoredContentType } | { ok: false; problem: string };

/**
 * Decides by content alone whether bytes are a PDF, JPEG or PNG (never by name or declared type): a PDF
 * must start with its header, contain at least one indirect object and end with `%%EOF` (a truncated
 * upload lacks it); images are decoded in full. `problem` completes "The <field> ...".
 */
export async function inspectVehicleDocument(bytes: Buffer): Promise<DocumentVerdict> {
  if (bytes.length === 0) return { ok: false, problem: 'is empty' };
  if (bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    const tail = bytes.subarray(Math.max(0, bytes.length - 1024));
    if (tail.lastIndexOf(PDF_EOF) < 0) return { ok: false, problem: 'is a damaged or truncated PDF' };
    if (!PDF_OBJ.test(bytes.subarray(0, Math.min(bytes.length, 64 * 1024)).toString('latin1'))) return { ok: false, problem: 'is not a readable PDF' };
    return { ok: true, contentType: 'application/pdf' };
  }
  const image = await inspectPhoto(bytes);
  if (image.ok) return image;
  return { ok: false, problem: image.problem === 'must be a JPEG or PNG image' ? 'must be a PDF, JPG or PNG file' : image.problem };
}
