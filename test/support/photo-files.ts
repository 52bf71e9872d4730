import { noise, raw } from '../sandbox/photo-fixtures';

export const PHOTO_PARTS = ['front', 'back', 'right', 'left', 'chassis'] as const;
export type PhotoPart = (typeof PHOTO_PARTS)[number];

export const pngPhoto = (seed: number) => raw(160, 120, seed).png().toBuffer();
export const jpegPhoto = (seed: number) => raw(160, 120, seed).jpeg({ quality: 85 }).toBuffer();

export interface PhotoFiles {
  /** Five distinct genuine photos: JPEGs for front/right/chassis, PNGs for back/left. */
  set(seed: number): Promise<Record<PhotoPart, Buffer>>;
  /** Plain text to be sent under a .jpg name and an image/jpeg type. */
  text: Buffer;
  /** Random bytes. */
  garbage: Buffer;
  /** A genuine JPEG cut at 60 %: header intact, pixel data missing. */
  truncatedJpeg: Buffer;
  /** A genuine, decodable PNG of more than 3 MB. */
  oversizePng: Buffer;
}

export async function makePhotoFiles(): Promise<PhotoFiles> {
  const jpeg = await raw(320, 240, 7).jpeg({ quality: 90 }).toBuffer();
  const oversizePng = await raw(1100, 1000, 9).png({ compressionLevel: 0 }).toBuffer();
  if (oversizePng.length <= 3 * 1024 * 1024) throw new Error('the oversize fixture is not over 3 MB');
  return {
    async set(seed) {
      return {
        front: await jpegPhoto(seed * 10 + 1),
        back: await pngPhoto(seed * 10 + 2),
        right: await jpegPhoto(seed * 10 + 3),
        left: await pngPhoto(seed * 10 + 4),
        chassis: await jpegPhoto(seed * 10 + 5),
      };
    },
    text: Buffer.from('This is not a photo of a car, just a text file renamed to .jpg.\n'.repeat(20)),
    garbage: noise(64, 64, 11),
    truncatedJpeg: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
    oversizePng,
  };
}

/** A multipart body: `quote_price_id` (when given) and each file under a .jpg name with a JPEG type, whatever it holds. */
export function photoForm(priceId: string | undefined, files: Partial<Record<string, Buffer>>, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  if (priceId !== undefined) form.append('quote_price_id', priceId);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, bytes] of Object.entries(files)) if (bytes) form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${name}.jpg`);
  return form;
}
