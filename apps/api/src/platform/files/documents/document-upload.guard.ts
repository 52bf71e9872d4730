import '@fastify/multipart';
import { CanActivate, createParamDecorator, ExecutionContext, Injectable, mixin, Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '@lib/common';
import { assertCleanParts, multipartError, readFilePart } from '../multipart';
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
  /** The route also takes JSON: a body that is not multipart passes untouched (and no upload is read). */
  jsonToo?: boolean;
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
        if (spec.jsonToo) return true;
        throw new ApiError(
          'UNSUPPORTED_MEDIA_TYPE',
          `This endpoint takes multipart/form-data: ${spec.describe}; the request was ${req.headers['content-type'] ?? 'without a Content-Type'}.`,
        );
      }
      const upload = await read(req, spec);
      req[UPLOAD] = upload;
      req.body = { multipart: [upload.fields, upload.files.map((f) => [f.field, f.size, f.sha256]), upload.unexpected] };
      return true;
    }
  }
  return mixin(Guard);
}

/** The upload of a route that takes JSON too: undefined when the body was JSON. */
export const UploadedDocumentsIfAny = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): DocumentUpload | undefined => ctx.switchToHttp().getRequest<UploadRequest>()[UPLOAD],
);

export const UploadedDocuments = createParamDecorator((_: unknown, ctx: ExecutionContext): DocumentUpload => {
  const upload = ctx.switchToHttp().getRequest<UploadRequest>()[UPLOAD];
  if (!upload) throw new Error('UploadedDocuments used without DocumentUploadGuard');
  return upload;
});

async function read(req: FastifyRequest, spec: DocumentUploadSpec): Promise<DocumentUpload> {
  const upload: DocumentUpload = { fields: {}, files: [], unexpected: [] };
  const names: Array<{ name: string; value?: string }> = [];
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
        names.push({ name: part.fieldname, value: String(part.value) });
        if (spec.fields.includes(part.fieldname) && !(part.fieldname in upload.fields)) upload.fields[part.fieldname] = String(part.value);
        else upload.unexpected.push(part.fieldname);
        continue;
      }
      names.push({ name: part.fieldname });
      const keep = spec.fileFields.includes(part.fieldname) && upload.files.length < spec.maxFiles;
      const file = await readFilePart(part.file, keep, MAX_DOCUMENT_BYTES);
      if (!spec.fileFields.includes(part.fieldname)) upload.unexpected.push(part.fieldname);
      else upload.files.push({ field: part.fieldname, bytes: file.bytes, size: file.size, sha256: file.sha256 });
    }
  } catch (err) {
    throw multipartError(err, `The upload has too many parts: ${spec.describe}.`);
  }
  assertCleanParts(names);
  return upload;
}
