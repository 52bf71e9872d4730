import '@fastify/multipart';
import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '@lib/common';
import { PHOTO_PARTS } from '@lib/providers';
import { readMultipartParts, type UploadPart } from '../../../platform/files/multipart';
import { MAX_PHOTO_BYTES } from '../../../platform/files/photo-content';

export interface MultipartUpload {
  parts: UploadPart[];
}

/** Which file parts are worth keeping in memory; everything else is counted and hashed, never kept. */
const KEPT_FILES = new Set<string>(PHOTO_PARTS);

/**
 * Busboy limits for this route. `fileSize` is one byte above the photo limit: a file busboy had to cut
 * is, by construction, larger than 3 MB, and no more than that is ever held per file. Five photos and a
 * few stray parts at most, so one request holds at most 5 x 3 MB.
 */
export const PHOTO_UPLOAD_LIMITS = {
  fileSize: MAX_PHOTO_BYTES + 1,
  files: PHOTO_PARTS.length + 3,
  fields: 4,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: PHOTO_PARTS.length + 7,
  headerPairs: 100,
};

const UPLOAD = Symbol('multipartUpload');
type UploadRequest = FastifyRequest & { [UPLOAD]?: MultipartUpload };

/**
 * Reads the multipart body of the vehicle photo upload after authentication and rate limiting (guards run
 * in order, before interceptors) and before the Idempotency-Key interceptor, which fingerprints `req.body`:
 * `req.body` becomes the parts' names, field values and file SHA-256s, so a retry with the same files
 * replays and the same key with other files is refused (42202) instead of wrongly replayed.
 */
@Injectable()
export class PhotoUploadGuard implements CanActivate {
  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<UploadRequest>();
    if (!req.isMultipart()) {
      throw new ApiError(
        'UNSUPPORTED_MEDIA_TYPE',
        `This endpoint takes multipart/form-data with the parts quote_price_id, ${PHOTO_PARTS.join(', ')}; the request was ${req.headers['content-type'] ?? 'without a Content-Type'}.`,
      );
    }
    const upload = await readUpload(req);
    req[UPLOAD] = upload;
    req.body = { multipart: fingerprintOf(upload) };
    return true;
  }
}

/** The upload the guard read. */
export const UploadedParts = createParamDecorator((_: unknown, ctx: ExecutionContext): MultipartUpload => {
  const upload = ctx.switchToHttp().getRequest<UploadRequest>()[UPLOAD];
  if (!upload) throw new Error('UploadedParts used without PhotoUploadGuard');
  return upload;
});

async function readUpload(req: FastifyRequest): Promise<MultipartUpload> {
  const parts = await readMultipartParts(req, {
    limits: PHOTO_UPLOAD_LIMITS,
    keptFiles: KEPT_FILES,
    maxFileBytes: MAX_PHOTO_BYTES,
    tooManyParts: `The upload has too many parts: send quote_price_id and the five files ${PHOTO_PARTS.join(', ')} (at most ${PHOTO_UPLOAD_LIMITS.files} files and ${PHOTO_UPLOAD_LIMITS.fields} fields).`,
  });
  return { parts };
}

/** Everything that decides the outcome, in a stable order: names, field values, file sizes and hashes. */
function fingerprintOf(upload: MultipartUpload): unknown[] {
  return upload.parts
    .map((p) => (p.type === 'field' ? [p.name, 'field', p.value, p.truncated] : [p.name, 'file', p.size, p.sha256, p.tooLarge]))
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
