const JPEG_EOI = Buffer.from([0xff, 0xd9]);
const PNG_IEND = Buffer.from('IEND', 'latin1');

/**
 * Whether a JPEG or PNG file carries its end marker: a JPEG's end-of-image (0xFFD9, which cannot occur
 * inside entropy-coded data because 0xFF bytes there are stuffed) or a PNG's IEND chunk. A truncated
 * upload lacks it. This holds whatever the decoder's tolerance: libvips has been seen accepting a
 * truncated JPEG under concurrent use despite failOn: 'warning'.
 */
export function hasImageEnd(bytes: Buffer, format: 'jpeg' | 'png'): boolean {
  return format === 'jpeg' ? bytes.lastIndexOf(JPEG_EOI) > 2 : bytes.lastIndexOf(PNG_IEND) > 8;
}
