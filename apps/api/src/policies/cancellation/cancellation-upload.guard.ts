import '@fastify/multipart';
import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '@lib/common';
import { MAX_CANCELLATION_DOCUMENT_BYTES } from './cancellation-document';
import { assertCleanParts, multipartError, readFilePart } from '../../platform/files/multipart';

export const CANCELLATION_PART = 'cancellation_document';

/** The optional document of a cancellation request, or null when the request had none (an empty body is fine). */
export interface CancellationUpload {
  document: { bytes: Buffer | null; size: number; tooLarge: boolean } | null;
}

const UPLOAD = Symbol('cancellationUpload');
type UploadRequest = FastifyRequest & { [UPLOAD]?: CancellationUpload };

/**
 * Reads the multipart body before the Idempotency-Key interceptor (as the photo upload does), so a retry
 * with the same document replays and the same key with another document is refused. Only one file part,
 * `cancellation_document`, is accepted; anything else is a 422 naming it.
 */
@Injectable()
export class CancellationUploadGuard implements CanActivate {
  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<UploadRequest>();
    if (!req.isMultipart()) {
      req[UPLOAD] = { document: null };
      return true;
    }
    let document: CancellationUpload['document'] = null;
    let sha256 = '';
    try {
      const options = {
        limits: { fileSize: MAX_CANCELLATION_DOCUMENT_BYTES + 1, files: 2, fields: 2, parts: 4, fieldSize: 1024 },
        throwFileSizeLimit: false,
      } as Parameters<FastifyRequest['parts']>[0];
      for await (const part of req.parts(options)) {
        if (part.type === 'field' || part.fieldname !== CANCELLATION_PART || document) {
          if (part.type === 'file') for await (const _ of part.file) void _;
          assertCleanParts([{ name: part.fieldname }]);
          throw ApiError.field(part.fieldname, `Only one file part, ${CANCELLATION_PART}, is accepted here; ${part.fieldname} is not.`);
        }
        const file = await readFilePart(part.file, true, MAX_CANCELLATION_DOCUMENT_BYTES);
        document = { bytes: file.bytes, size: file.size, tooLarge: file.tooLarge };
        sha256 = file.sha256;
      }
    } catch (err) {
      throw multipartError(err, `Send at most one file, ${CANCELLATION_PART}.`);
    }
    req[UPLOAD] = { document };
    req.body = { multipart: document ? [document.size, sha256] : [] };
    return true;
  }
}

export const UploadedCancellation = createParamDecorator((_: unknown, ctx: ExecutionContext): CancellationUpload => {
  const upload = ctx.switchToHttp().getRequest<UploadRequest>()[UPLOAD];
  if (!upload) throw new Error('UploadedCancellation used without CancellationUploadGuard');
  return upload;
});
