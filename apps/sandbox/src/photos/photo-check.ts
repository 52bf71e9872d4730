import sharp from 'sharp';
import { hasImageEnd } from '@lib/common';

export const MAX_PHOTO_BYTES = 3 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png']);

/** Why a photo was refused, in words the API can pass on to the customer. */
export class PhotoProblem extends Error {}

async function download(url: string, timeoutMs: number, lifecycle: AbortSignal): Promise<Buffer> {
  const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), lifecycle]);
  let res: Response;
  try {
    res = await fetch(url, { signal, redirect: 'follow' });
  } catch {
    throw new PhotoProblem(signal.aborted ? `could not be downloaded within ${timeoutMs} ms` : 'could not be downloaded');
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new PhotoProblem(`could not be downloaded (HTTP ${res.status})`);
  }
  const tooLarge = () => new PhotoProblem('is larger than 3 MB');
  if (Number(res.headers.get('content-length') ?? 0) > MAX_PHOTO_BYTES) {
    await res.body?.cancel();
    throw tooLarge();
  }
  // The declared length may be absent or wrong, so the limit is enforced while reading too.
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  try {
    for (;;) {
      const chunk = reader ? await reader.read() : null;
      if (!chunk || chunk.done) break;
      size += chunk.value.byteLength;
      if (size > MAX_PHOTO_BYTES) {
        await reader?.cancel();
        throw tooLarge();
      }
      chunks.push(chunk.value);
    }
  } catch (err) {
    if (err instanceof PhotoProblem) throw err;
    throw new PhotoProblem(signal.aborted ? `could not be downloaded within ${timeoutMs} ms` : 'could not be downloaded completely');
  }
  return Buffer.concat(chunks);
}

/** Header sniffing is not enough: a truncated or corrupt file is only caught by decoding every pixel. */
async function inspect(bytes: Buffer): Promise<void> {
  if (bytes.length === 0) throw new PhotoProblem('is empty');
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { failOn: 'warning' }).metadata()).format;
  } catch {
    throw new PhotoProblem('is not a readable JPEG or PNG image');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new PhotoProblem(`is a ${format ?? 'unknown'} image; only JPEG or PNG is accepted`);
  if (!hasImageEnd(bytes, format as 'jpeg' | 'png')) throw new PhotoProblem('is damaged or truncated and cannot be decoded');
  try {
    await sharp(bytes, { failOn: 'warning' }).stats();
  } catch {
    throw new PhotoProblem('is damaged or truncated and cannot be decoded');
  }
}

/** Downloads and decodes one photo; resolves when it is acceptable, throws PhotoProblem otherwise. */
export async function checkPhoto(url: string, timeoutMs: number, lifecycle: AbortSignal): Promise<void> {
  await inspect(await download(url, timeoutMs, lifecycle));
}
