import type sharp from 'sharp';
import { hasImageEnd } from '@lib/common';
import type { StoredContentType } from './file-store';

/** sharp and libvips hold about 20 MB of resident memory once loaded, so they load with the first photo, not with the process. */
let decoder: Promise<typeof sharp> | undefined;
function loadDecoder(): Promise<typeof sharp> {
  return (decoder ??= import('sharp').then(({ default: loaded }) => {
    // libvips caches operations by input; with pooled buffers a cached verdict could belong to other bytes.
    // A validator must look at every upload afresh.
    loaded.cache(false);
    return loaded;
  }));
}

/** At most 3 MB per photo (the spec's limit). */
export const MAX_PHOTO_BYTES = 3 * 1024 * 1024;
/** Refuses decompression bombs: a 3 MB file may not declare more pixels than this (a 48 MP camera is well within). */
export const MAX_PHOTO_PIXELS = 100_000_000;

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type PhotoVerdict = { ok: true; contentType: Extract<StoredContentType, 'image/jpeg' | 'image/png'> } | { ok: false; problem: string };

/**
 * Decides by content alone whether bytes are a readable JPEG or PNG: the magic bytes, what the decoder
 * says the format is, and a decode of every pixel (a truncated or corrupt file only fails there).
 * The uploader's file name and declared type are never consulted. `problem` completes "The <part> photo ...".
 */
export async function inspectPhoto(bytes: Buffer): Promise<PhotoVerdict> {
  if (bytes.length === 0) return { ok: false, problem: 'is empty' };
  const magic = bytes.subarray(0, PNG_MAGIC.length);
  const claimed = magic.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC) ? 'jpeg' : magic.equals(PNG_MAGIC) ? 'png' : null;
  if (!claimed) return { ok: false, problem: 'must be a JPEG or PNG image' };
  const sharp = await loadDecoder();
  const options = { failOn: 'warning', limitInputPixels: MAX_PHOTO_PIXELS, sequentialRead: true } as const;
  let format: string | undefined;
  try {
    const meta = await sharp(bytes, options).metadata();
    format = meta.format;
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PHOTO_PIXELS)
      return { ok: false, problem: `must not have more than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels` };
  } catch {
    return { ok: false, problem: 'is not a readable JPEG or PNG image' };
  }
  if (format !== claimed) return { ok: false, problem: 'must be a JPEG or PNG image' };
  if (!hasImageEnd(bytes, claimed)) return { ok: false, problem: 'is damaged or truncated and cannot be decoded' };
  try {
    await sharp(bytes, options).stats();
  } catch {
    return { ok: false, problem: 'is damaged or truncated and cannot be decoded' };
  }
  return { ok: true, contentType: claimed === 'jpeg' ? 'image/jpeg' : 'image/png' };
}
