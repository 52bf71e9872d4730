import '@fastify/multipart';
import { createHash } from 'node:crypto';
import { CanActivate, createParamDecorator, ExecutionContext, Injectable, mixin, Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '@lib/common';
import { MAX_DOCUMENT_BYTES } from './document-content';

export interface UploadedFilePart {
  field: string;
  /** Null when the file was over the size limit (never held in full). */
  bytes: Buffer | null;
  size: number;
  sha256: string;
}

export interface DocumentUpload {
  fields: Record<string, string>;
  files: UploadedFilePart[];
  /** Names of parts that are neither an expected field nor an expected file. */
  unexpected: string[];
}

export interface DocumentUploadSpec {
  /** File parts kept, e.g. ['documents', 'document']. */
  fileFields: readonly string[];
  fields: readonly string[];
  maxFiles: number;
  /** Described in the 415 and 413 messages. */
  describe: string;
}

const UPLOAD = Symbol('documentUpload');
type UploadRequest = FastifyRequest & { [UPLOAD]?: DocumentUpload };

/**
 * Reads a multipart body of documents after authentication and rate limiting and before the Idempotency-Key
 * interceptor, which fingerprints `req.body`: it becomes the field values and the files' SHA-256s, so a
 * retry with the same files replays and other files under the same key are refused.
 */
export function DocumentUploadGuard(spec: DocumentUploadSpec): Type<CanActivate> {
  @Injectable()
  class Guard implements CanActivate {
    async canActivate(ctx: ExecutionContext): Promise<boolean> {
      const req = ctx.switchToHttp().getRequest<UploadRequest>();
      if (!req.isMultipart()) {
        throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `This endpoint takes multipart/form-data: ${spec.describe}; the request was ${req.headers['content-type'] ?? 'without a Content-Type'}.`);
      }
      const upload = await read(req, spec);
      req[UPLOAD] = upload;
      req.body = { multipart: [upload.fields, upload.files.map((f) => [f.field, f.size, f.sha256]), upload.unexpected] };
      return true;
    }
  }
  return mixin(Guard);
}

export const UploadedDocuments = createParamDecorator((_: unknown, ctx: ExecutionContext): DocumentUpload => {
  const upload = ctx.switchToHttp().getRequest<UploadRequest>()[UPLOAD];
  if (!upload) throw new Error('UploadedDocuments used without DocumentUploadGuard');
  return upload;
});

async function read(req: FastifyRequest, spec: DocumentUploadSpec): Promise<DocumentUpload> {
  const upload: DocumentUpload = { fields: {}, files: [], unexpected: [] };
  const limits = {
    fileSize: MAX_DOCUMENT_BYTES + 1,
    files: spec.maxFiles + 2,
    fields: spec.fields.length + 4,
    fieldSize: 4096,
    fieldNameSize: 100,
    parts: spec.maxFiles + spec.fields.length + 6,
    headerPairs: 100,
  };
  try {
    const options = { limits, throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
    for await (const part of req.parts(options)) {
      if (part.type === 'field') {
        if (spec.fields.includes(part.fieldname) && !(part.fieldname in upload.fields)) upload.fields[part.fieldname] = String(part.value);
        else upload.unexpected.push(part.fieldname);
        continue;
      }
      const keep = spec.fileFields.includes(part.fieldname) && upload.files.length < spec.maxFiles;
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += chunk.length;
        hash.update(chunk);
        if (keep) chunks.push(chunk);
      }
      if (!spec.fileFields.includes(part.fieldname)) upload.unexpected.push(part.fieldname);
      else {
        const tooLarge = part.file.truncated || size > MAX_DOCUMENT_BYTES;
        upload.files.push({ field: part.fieldname, bytes: keep && !tooLarge ? Buffer.concat(chunks) : null, size, sha256: hash.digest('hex') });
      }
    }
  } catch (err) {
    const e = err as { code?: string; statusCode?: number; message?: string };
    if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT' || e.statusCode === 413) {
      throw new ApiError('PAYLOAD_TOO_LARGE', `The upload has too many parts: ${spec.describe}.`);
    }
    throw new ApiError('MALFORMED_REQUEST', `The multipart body could not be read${e.message ? `: ${e.message}` : ''}.`);
  }
  return upload;
}
