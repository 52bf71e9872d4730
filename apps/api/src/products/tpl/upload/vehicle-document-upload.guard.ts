import '@fastify/multipart';
import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '@lib/common';
import { readMultipartParts, type UploadPart } from '../../../platform/files/multipart';
import { MAX_VEHICLE_DOCUMENT_BYTES } from './vehicle-document-content';

export interface VehicleDocumentUpload {
  parts: UploadPart[];
}

/** The file parts worth keeping in memory; any other file is hashed and counted, never kept. */
const KEPT_FILES = new Set(['istimarah', 'cancellation_document']);

/** One file of at most 10 MB (busboy stops one byte past it) and a handful of short fields. */
export const VEHICLE_DOCUMENT_LIMITS = {
  fileSize: MAX_VEHICLE_DOCUMENT_BYTES + 1,
  files: 3,
  fields: 12,
  fieldSize: 2048,
  fieldNameSize: 100,
  parts: 15,
  headerPairs: 100,
};

const UPLOAD = Symbol('vehicleDocumentUpload');
type UploadRequest = FastifyRequest & { [UPLOAD]?: VehicleDocumentUpload };

/**
 * Reads the multipart body of the TPL v2 routes after authentication and rate limiting and before the
 * Idempotency-Key interceptor: `req.body` becomes the fields and the file hashes, so a retry with the
 * same document replays and the same key with another document is refused.
 */
@Injectable()
export class VehicleDocumentUploadGuard implements CanActivate {
  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<UploadRequest>();
    if (!req.isMultipart()) {
      throw new ApiError(
        'UNSUPPORTED_MEDIA_TYPE',
        `This endpoint takes multipart/form-data; the request was ${req.headers['content-type'] ?? 'without a Content-Type'}.`,
      );
    }
    const upload = await readUpload(req);
    req[UPLOAD] = upload;
    req.body = { multipart: upload.parts.map((p) => (p.type === 'field' ? [p.name, p.value] : [p.name, p.size, p.sha256])) };
    return true;
  }
}

export const UploadedDocument = createParamDecorator((_: unknown, ctx: ExecutionContext): VehicleDocumentUpload => {
  const upload = ctx.switchToHttp().getRequest<UploadRequest>()[UPLOAD];
  if (!upload) throw new Error('UploadedDocument used without VehicleDocumentUploadGuard');
  return upload;
});

async function readUpload(req: FastifyRequest): Promise<VehicleDocumentUpload> {
  const parts = await readMultipartParts(req, {
    limits: VEHICLE_DOCUMENT_LIMITS,
    keptFiles: KEPT_FILES,
    maxFileBytes: MAX_VEHICLE_DOCUMENT_BYTES,
    tooManyParts: 'The upload has too many parts.',
  });
  return { parts };
}

/** Field values and kept files by name; every problem of shape (repeated, wrong kind, too large, unknown) in `details`. */
export function collectParts(upload: VehicleDocumentUpload, fields: readonly string[], files: readonly string[]) {
  const details: Record<string, string[]> = {};
  const add = (f: string, m: string) => (details[f] ??= []).push(m);
  const values: Record<string, string> = {};
  const documents: Record<string, { bytes: Buffer; sha256: string }> = {};
  const seen = new Set<string>();
  for (const part of upload.parts) {
    if (seen.has(part.name)) {
      if (fields.includes(part.name) || files.includes(part.name)) add(part.name, `The ${label(part.name)} field must be sent only once.`);
      continue;
    }
    seen.add(part.name);
    if (fields.includes(part.name)) {
      if (part.type !== 'field') add(part.name, `The ${label(part.name)} must be a text field, not a file.`);
      else if (part.truncated) add(part.name, `The ${label(part.name)} is too long.`);
      else values[part.name] = part.value;
    } else if (files.includes(part.name)) {
      if (part.type !== 'file') add(part.name, `The ${label(part.name)} must be a file.`);
      else if (part.tooLarge || !part.bytes) add(part.name, `The ${label(part.name)} may not be larger than 10 MB.`);
      else documents[part.name] = { bytes: part.bytes, sha256: part.sha256 };
    } else {
      add(part.name, `The ${part.name} field is not allowed.`);
    }
  }
  return { values, documents, details, seen };
}

export const label = (field: string) => field.replace(/_/g, ' ');
